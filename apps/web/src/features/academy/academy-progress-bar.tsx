/** How many of a list of lessons are done, as a bar named by the text it stands beside. */
export function AcademyProgressBar({
  done,
  total,
  labelledBy,
}: {
  readonly done: number;
  readonly total: number;
  readonly labelledBy: string;
}) {
  return <progress className="academy-progress-bar" value={done} max={total} aria-labelledby={labelledBy} />;
}
