import { MESSAGES } from '@prompt-vault/shared/messages';
import { ListChecks } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { PromptContent } from '../../lib/markdown-ast';
import { PromptBlock } from './copyable-block';

interface AcademyExerciseProps {
  readonly id: string;
  readonly number: number;
  readonly title: ReactNode;
  readonly task: ReactNode;
  readonly start: PromptContent;
  /** The rubric's items, already rendered. */
  readonly rubric: readonly ReactNode[];
  readonly answer: PromptContent;
  readonly note: ReactNode;
}

/**
 * One practice task: what to do, the prompt to improve, and a self-check
 * (a rubric and a model answer) that stays hidden until the learner asks
 * for it, so they write their own version first.
 */
export function AcademyExercise({ id, number, title, task, start, rubric, answer, note }: AcademyExerciseProps) {
  const [open, setOpen] = useState(false);
  const checkId = useId();
  return (
    <section className="academy-exercise" aria-labelledby={id}>
      <h3 id={id} className="academy-exercise-title">
        <span className="academy-exercise-number">Exercise {number}</span>
        {/* Read as 'Exercise 1: title'; on screen the number sits above the title. */}
        <span className="visually-hidden">: </span>
        <span className="academy-exercise-name">{title}</span>
      </h3>
      <div className="academy-exercise-task">{task}</div>
      <PromptBlock prompt={start} label={MESSAGES.academy.exercise.start} />
      {/* A disclosure: focus stays on the button, which says whether the self-check is open. */}
      <button
        type="button"
        className="button button-secondary academy-exercise-toggle"
        aria-expanded={open}
        aria-controls={checkId}
        onClick={() => setOpen((value) => !value)}
      >
        <ListChecks aria-hidden="true" size={18} />
        {open ? MESSAGES.academy.exercise.hide : MESSAGES.academy.exercise.show}
      </button>
      <div id={checkId} className="academy-exercise-check" hidden={!open}>
        <h4 className="academy-exercise-check-title">{MESSAGES.academy.exercise.rubric}</h4>
        <ul className="academy-exercise-rubric">
          {rubric.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
        <PromptBlock prompt={answer} label={MESSAGES.academy.exercise.answer} tone="better" />
        {note}
      </div>
    </section>
  );
}
