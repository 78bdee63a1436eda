import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { pageMeta } from './academy-content';
import { academyPath, resolveAcademyPath, type AcademyPage } from './academy-nav';

/** Previous/next links of a page, each naming the page it leads to. */
export function AcademyPager({ page }: { readonly page: AcademyPage }) {
  if (page.prev === null && page.next === null) return null;
  const titleAt = (path: string) => pageMeta(resolveAcademyPath(path).key).title;
  return (
    <nav className="academy-pager" aria-label="Previous and next pages">
      {page.prev !== null && (
        <Link className="academy-pager-link academy-pager-prev" to={page.prev} rel="prev">
          <span className="academy-pager-direction">
            <ArrowLeft aria-hidden="true" size={16} />
            Previous
          </span>
          <span className="academy-pager-title">{titleAt(page.prev)}</span>
        </Link>
      )}
      {page.next !== null && (
        <Link className="academy-pager-link academy-pager-next" to={page.next} rel="next">
          <span className="academy-pager-direction">
            {page.next === academyPath() ? 'Back to the academy' : 'Next'}
            <ArrowRight aria-hidden="true" size={16} />
          </span>
          <span className="academy-pager-title">{titleAt(page.next)}</span>
        </Link>
      )}
    </nav>
  );
}
