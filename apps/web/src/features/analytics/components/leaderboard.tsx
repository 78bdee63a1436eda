import { MESSAGES } from '@prompt-vault/shared/messages';
import type { CopyResult } from '@prompt-vault/shared/schemas';
import { ChevronDown, Medal } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/copy-button';
import { ActionNotice, useActionNotice } from '../../../components/prompt-card/action-notice';
import { paths } from '../../../config/paths';
import { useRecordCopy } from '../../../lib/record-copy';
import { showRecordedCopy } from '../api/get-analytics';
import type { LeaderboardEntry } from '../dashboard';

const BADGED_RANKS = 3;

function RankCell({ rank }: { rank: number }) {
  if (rank > BADGED_RANKS) return <span className="rank-plain">{rank}</span>;
  return (
    <span className={`rank-badge rank-badge-${rank}`} data-testid="rank-badge" title={MESSAGES.analytics.topBadge(rank)}>
      <Medal aria-hidden="true" size={14} />
      {rank}
    </span>
  );
}

export interface LeaderboardProps {
  readonly entries: readonly LeaderboardEntry[];
}

/**
 * 'Top Copied Prompts Leaderboard'. Each title links to its prompt's page. A
 * click anywhere else on a row, or Enter or Space on its details button,
 * opens it; only one row is open at a time.
 */
export function Leaderboard({ entries }: LeaderboardProps) {
  const baseId = useId();
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, showNotice] = useActionNotice();
  const queryClient = useQueryClient();
  const recordCopy = useRecordCopy(
    showNotice,
    useCallback((answer: CopyResult, promptId: string) => showRecordedCopy(queryClient, promptId, answer), [queryClient]),
  );
  const toggle = (id: string) => {
    showNotice(undefined);
    setOpenId((current) => (current === id ? null : id));
  };

  return (
    <section className="card-surface analytics-panel analytics-leaderboard" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="analytics-panel-title">
        {MESSAGES.analytics.leaderboardTitle}
      </h2>
      {entries.length === 0 ? (
        <p className="leaderboard-empty">{MESSAGES.analytics.leaderboardEmpty}</p>
      ) : (
        <table className="leaderboard" aria-labelledby={`${baseId}-title`}>
          <thead>
            <tr>
              <th scope="col" className="col-rank">
                {MESSAGES.analytics.rank}
              </th>
              <th scope="col">{MESSAGES.analytics.promptTitle}</th>
              <th scope="col" className="col-wide">
                {MESSAGES.analytics.category}
              </th>
              <th scope="col" className="col-wide">
                {MESSAGES.analytics.model}
              </th>
              <th scope="col" className="col-count">
                {MESSAGES.analytics.copies}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const open = openId === entry.id;
              const detailsId = `${baseId}-details-${entry.rank}`;
              return (
                <Fragment key={entry.id}>
                  <tr
                    className={`leaderboard-row${open ? ' is-open' : ''}`}
                    data-testid="leaderboard-row"
                    // The whole row is a click target for pointers; keyboards use the title button.
                    onClick={() => toggle(entry.id)}
                  >
                    <td className="col-rank">
                      <RankCell rank={entry.rank} />
                    </td>
                    <td className="col-title">
                      <div className="leaderboard-title">
                        <p className="leaderboard-title-text">
                          {/*
                            On the narrowest phones the Rank and Copies columns give way:
                            the rank leads the title and the count follows it, drawn by CSS
                            from these attributes so the row's text stays the table's.
                          */}
                          <span className="leaderboard-rank-inline" data-rank={entry.rank} />
                          <Link to={paths.prompt(entry.id)} onClick={(event) => event.stopPropagation()}>
                            {entry.title}
                          </Link>
                          <span className="leaderboard-count-inline" data-count={`${MESSAGES.analytics.copies}: ${entry.copyCount}`} />
                        </p>
                        <button
                          type="button"
                          className="icon-button leaderboard-toggle"
                          aria-expanded={open}
                          aria-controls={detailsId}
                          aria-label={MESSAGES.analytics.showDetails(entry.title)}
                          onClick={(event) => {
                            event.stopPropagation();
                            toggle(entry.id);
                          }}
                        >
                          <ChevronDown aria-hidden="true" size={18} className="leaderboard-chevron" />
                        </button>
                      </div>
                    </td>
                    <td className="col-wide">{entry.category}</td>
                    <td className="col-wide">{entry.model}</td>
                    <td className="col-count" data-testid="copy-count">
                      {entry.copyCount}
                    </td>
                  </tr>
                  {open ? (
                    <tr className="leaderboard-details-row">
                      <td colSpan={5}>
                        <div id={detailsId} className="leaderboard-details" data-testid="leaderboard-details">
                          <h3 id={`${detailsId}-heading`} className="leaderboard-details-title">
                            {MESSAGES.analytics.promptContent}
                          </h3>
                          {/* A long prompt scrolls inside its box, so keyboards must be able to reach and scroll it. */}
                          <div className="leaderboard-prompt" role="region" aria-labelledby={`${detailsId}-heading`} tabIndex={0}>
                            {entry.prompt ?? MESSAGES.analytics.promptContentMissing}
                          </div>
                          <dl className="leaderboard-facts">
                            <div>
                              <dt>{MESSAGES.analytics.rank}</dt>
                              <dd>{entry.rank}</dd>
                            </div>
                            <div>
                              <dt>{MESSAGES.analytics.copies}</dt>
                              <dd>{entry.copyCount}</dd>
                            </div>
                            {entry.likes !== undefined ? (
                              <div>
                                <dt>{MESSAGES.analytics.likes}</dt>
                                <dd>{entry.likes}</dd>
                              </div>
                            ) : null}
                            <div className="phone-only">
                              <dt>{MESSAGES.analytics.category}</dt>
                              <dd>{entry.category}</dd>
                            </div>
                            <div className="phone-only">
                              <dt>{MESSAGES.analytics.model}</dt>
                              <dd>{entry.model}</dd>
                            </div>
                          </dl>
                          {entry.prompt ? (
                            <CopyButton
                              text={entry.prompt}
                              label={MESSAGES.analytics.copyPrompt}
                              onCopied={() => {
                                showNotice(undefined);
                                recordCopy(entry.id);
                              }}
                            />
                          ) : null}
                          <ActionNotice message={notice} />
                        </div>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
