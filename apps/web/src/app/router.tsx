import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LibraryPage } from '../features/library/library-page';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

// Every route but the first screen is its own chunk, loaded when visited, so
// Chart.js and the Academy content never weigh on the library.
const SubmitPage = lazy(async () => ({ default: (await import('../features/submit/submit-page')).SubmitPage }));
const AnalyticsPage = lazy(async () => ({ default: (await import('../features/analytics/analytics-page')).AnalyticsPage }));
const AcademyPage = lazy(async () => ({ default: (await import('../features/academy/academy-page')).AcademyPage }));
const PermalinkPage = lazy(async () => ({ default: (await import('../features/prompt/permalink-page')).PermalinkPage }));

/**
 * React Router in declarative mode: the data-router APIs would add about
 * 17 KB gzip to the first screen, which has a 120 KB budget (docs/architecture.md, Budgets),
 * and TanStack Query already does the data loading.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<LibraryPage />} />
          <Route path="submit" element={<SubmitPage />} />
          <Route path="analytics" element={<AnalyticsPage />} />
          <Route path="prompt-academy/*" element={<AcademyPage />} />
          <Route path="prompts/:id" element={<PermalinkPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
