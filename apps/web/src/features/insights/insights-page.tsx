import { MESSAGES } from '@prompt-vault/shared/messages';
import { BarChart3, Copy, Cpu, FileText, Heart, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { analyticsErrorMessage, useAnalytics } from './api/get-analytics';
import { ActivityChart } from './components/activity-chart';
import { DistributionChart } from './components/distribution-chart';
import { Leaderboard } from './components/leaderboard';
import { toDashboard } from './dashboard';
import './insights.css';

const numberFormat = new Intl.NumberFormat('en-US');

function StatCard({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <div className="card-surface stat-card" data-testid="stat-card">
      <span className="stat-icon">{icon}</span>
      <div>
        <p className="stat-label">{label}</p>
        <p className="stat-value">{numberFormat.format(value)}</p>
      </div>
    </div>
  );
}

function StateMessage({ icon, heading, children }: { icon: ReactNode; heading: string; children: ReactNode }) {
  return (
    <div className="card-surface insights-state">
      <span className="insights-state-icon">{icon}</span>
      {/* The state's heading is the page's main heading while the dashboard cannot show. */}
      <h1 className="insights-state-title">{heading}</h1>
      {children}
    </div>
  );
}

export function InsightsPage() {
  useDocumentTitle(MESSAGES.sidebar.insights);
  const analytics = useAnalytics();

  if (analytics.isPending) {
    return (
      <div className="page insights-page">
        <div className="insights-loading" role="status">
          <span className="insights-spinner" aria-hidden="true" />
          <p>{MESSAGES.insights.loading}</p>
        </div>
      </div>
    );
  }

  if (analytics.isError) {
    return (
      <div className="page insights-page">
        <div role="alert">
          <StateMessage icon={<TriangleAlert aria-hidden="true" size={32} />} heading={MESSAGES.insights.errorHeading}>
            <p>{analyticsErrorMessage(analytics.error)}</p>
            {/* The spec's Try Again reloads the page. */}
            <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" size={18} />
              {MESSAGES.insights.tryAgain}
            </button>
          </StateMessage>
        </div>
      </div>
    );
  }

  const dashboard = toDashboard(analytics.data);
  if (!dashboard) {
    return (
      <div className="page insights-page">
        <StateMessage icon={<BarChart3 aria-hidden="true" size={32} />} heading={MESSAGES.insights.emptyHeading}>
          <p>{MESSAGES.insights.emptyText}</p>
        </StateMessage>
      </div>
    );
  }

  return (
    <div className="page insights-page">
      <header className="insights-header">
        <h1 className="page-title">{MESSAGES.insights.title}</h1>
        <p className="page-subtitle">{MESSAGES.insights.subtitle}</p>
      </header>

      <div className="stat-grid">
        <StatCard label={MESSAGES.insights.totalPrompts} value={dashboard.totalPrompts} icon={<FileText aria-hidden="true" size={22} />} />
        <StatCard label={MESSAGES.insights.totalLikes} value={dashboard.totalLikes} icon={<Heart aria-hidden="true" size={22} />} />
        <StatCard label={MESSAGES.insights.totalCopies} value={dashboard.totalCopies} icon={<Copy aria-hidden="true" size={22} />} />
        <StatCard label={MESSAGES.insights.models} value={dashboard.modelCount} icon={<Cpu aria-hidden="true" size={22} />} />
      </div>

      <div className="chart-grid">
        <DistributionChart
          title={MESSAGES.insights.categoryDistribution}
          nameLabel={MESSAGES.insights.category}
          slices={dashboard.categorySlices}
        />
        <DistributionChart title={MESSAGES.insights.modelDistribution} nameLabel={MESSAGES.insights.model} slices={dashboard.modelSlices} />
      </div>

      {dashboard.activity.length > 0 ? <ActivityChart activity={dashboard.activity} /> : null}

      <Leaderboard entries={dashboard.leaderboard} />
    </div>
  );
}
