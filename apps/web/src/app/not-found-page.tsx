import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../lib/use-document-title';

const HEADING = 'Page not found';

export function NotFoundPage() {
  useDocumentTitle(HEADING);
  return (
    <div className="page">
      <h1 className="page-title">{HEADING}</h1>
      <p className="page-subtitle">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link className="button button-primary" to={paths.library}>
        Browse the prompt library
      </Link>
    </div>
  );
}
