import { MESSAGES } from '@prompt-vault/shared/messages';
import { useId } from 'react';
import { useAcademyProgress } from './use-academy-progress';

/** The end of a lesson: a checkbox that marks it done in this browser. */
export function AcademyLessonDone({ lessonKey }: { readonly lessonKey: string }) {
  const { done, setDone } = useAcademyProgress();
  const id = useId();
  return (
    <div className="academy-lesson-done">
      <input
        id={id}
        type="checkbox"
        className="academy-lesson-done-box"
        checked={done.has(lessonKey)}
        onChange={(event) => setDone(lessonKey, event.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id} className="academy-lesson-done-label">
        {MESSAGES.academy.progress.markDone}
      </label>
      <p id={`${id}-hint`} className="academy-lesson-done-hint">
        {MESSAGES.academy.progress.keptHere}
      </p>
    </div>
  );
}
