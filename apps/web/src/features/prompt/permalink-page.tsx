import { useParams } from 'react-router';

export function PermalinkPage() {
  const { id } = useParams();
  return (
    <div className="page">
      <h1 className="page-title">Prompt {id}</h1>
    </div>
  );
}
