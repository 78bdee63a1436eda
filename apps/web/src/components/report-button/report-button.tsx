import { MESSAGES } from '@prompt-vault/shared/messages';
import type { ReportReason } from '@prompt-vault/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { ModalDialog } from '../modal-dialog';
import { createReport } from './api/create-report';
import type { ReportTarget } from './reported-items';
import { useReported } from './use-reported';
import './report-button.css';

// The reasons come from the labels (typed against the schema's reasons)
// rather than from schemas.ts, whose zod would weigh on the first screen.
const REASON_LABELS: Record<ReportReason, string> = MESSAGES.report.reasons;
const REASONS = Object.keys(REASON_LABELS) as ReportReason[];

export interface ReportButtonProps extends ReportTarget {
  /** What is reported, for the button's accessible name ('prompt: Weekly review', 'note by Ann'). */
  readonly subject: string;
}

/**
 * A small 'Report' button that opens a dialog to pick the reason. After a
 * successful report it reads 'Thanks — reported.' and stays disabled for that
 * item (remembered in localStorage). It keeps its focusability while
 * disabled, so focus can return to it when the dialog closes.
 */
export function ReportButton({ targetType, targetId, subject }: ReportButtonProps) {
  const [reported, remember] = useReported({ targetType, targetId });
  const [open, setOpen] = useState(false);

  if (reported) {
    return (
      <button type="button" className="report-button is-reported" aria-disabled="true">
        <Flag aria-hidden="true" size={14} />
        <span>{MESSAGES.report.done}</span>
      </button>
    );
  }

  return (
    <>
      <button
        type="button"
        className="report-button"
        aria-haspopup="dialog"
        aria-label={`${MESSAGES.report.button} ${subject}`}
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden="true" size={14} />
        <span>{MESSAGES.report.button}</span>
      </button>
      {open && (
        <ReportDialog
          target={{ targetType, targetId }}
          subject={subject}
          onClose={() => setOpen(false)}
          onReported={() => {
            remember();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

interface ReportDialogProps {
  readonly target: ReportTarget;
  readonly subject: string;
  readonly onClose: () => void;
  readonly onReported: () => void;
}

function ReportDialog({ target, subject, onClose, onReported }: ReportDialogProps) {
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason>('spam');
  const report = useMutation({ mutationFn: createReport, onSuccess: onReported });

  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} className="report-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          report.mutate({ ...target, reason });
        }}
      >
        <h2 id={titleId} className="modal-dialog-title">
          {MESSAGES.report.dialogTitle}
        </h2>
        <p className="report-subject">{subject}</p>
        <fieldset className="report-reasons">
          <legend>{MESSAGES.report.reasonLegend}</legend>
          {REASONS.map((value, index) => (
            <label key={value} className="report-reason">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                data-autofocus={index === 0 ? true : undefined}
              />
              {REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {report.isError && (
          <p className="field-error" role="alert">
            {MESSAGES.report.failed}
          </p>
        )}
        <div className="report-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            {MESSAGES.report.cancel}
          </button>
          <button type="submit" className="button button-primary" disabled={report.isPending}>
            {MESSAGES.report.submit}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
