export function AcademyPage() {
  return (
    <div className="page">
      <h1 className="page-title">Prompt Academy</h1>
    </div>
  );
}
