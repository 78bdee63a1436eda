import { MESSAGES } from '@prompt-vault/shared/messages';
import { BarChart3, Copy, Cpu, FileText, Heart, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { analyticsErrorMessage, useAnalytics } from './api/get-analytics';
import { ActivityChart } from './components/activity-chart';
import { DistributionChart } from './components/distribution-chart';
import { Leaderboard } from './components/leaderboard';
import { toDashboard } from './dashboard';
import './analytics.css';

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
    <div className="card-surface analytics-state">
      <span className="analytics-state-icon">{icon}</span>
      {/* The state's heading is the page's main heading while the dashboard cannot show. */}
      <h1 className="analytics-state-title">{heading}</h1>
      {children}
    </div>
  );
}

export function AnalyticsPage() {
  useDocumentTitle(MESSAGES.sidebar.analytics);
  const analytics = useAnalytics();

  if (analytics.isPending) {
    return (
      <div className="page analytics-page">
        <div className="analytics-loading" role="status">
          <span className="analytics-spinner" aria-hidden="true" />
          <p>{MESSAGES.analytics.loading}</p>
        </div>
      </div>
    );
  }

  if (analytics.isError) {
    return (
      <div className="page analytics-page">
        <div role="alert">
          <StateMessage icon={<TriangleAlert aria-hidden="true" size={32} />} heading={MESSAGES.analytics.errorHeading}>
            <p>{analyticsErrorMessage(analytics.error)}</p>
            {/* The spec's Try Again reloads the page. */}
            <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" size={18} />
              {MESSAGES.analytics.tryAgain}
            </button>
          </StateMessage>
        </div>
      </div>
    );
  }

  const dashboard = toDashboard(analytics.data);
  if (!dashboard) {
    return (
      <div className="page analytics-page">
        <StateMessage icon={<BarChart3 aria-hidden="true" size={32} />} heading={MESSAGES.analytics.emptyHeading}>
          <p>{MESSAGES.analytics.emptyText}</p>
        </StateMessage>
      </div>
    );
  }

  return (
    <div className="page analytics-page">
      <header className="analytics-header">
        <h1 className="page-title">{MESSAGES.analytics.title}</h1>
        <p className="page-subtitle">{MESSAGES.analytics.subtitle}</p>
      </header>

      <div className="stat-grid">
        <StatCard label={MESSAGES.analytics.totalPrompts} value={dashboard.totalPrompts} icon={<FileText aria-hidden="true" size={22} />} />
        <StatCard label={MESSAGES.analytics.totalLikes} value={dashboard.totalLikes} icon={<Heart aria-hidden="true" size={22} />} />
        <StatCard label={MESSAGES.analytics.totalCopies} value={dashboard.totalCopies} icon={<Copy aria-hidden="true" size={22} />} />
        <StatCard label={MESSAGES.analytics.models} value={dashboard.modelCount} icon={<Cpu aria-hidden="true" size={22} />} />
      </div>

      <div className="chart-grid">
        <DistributionChart
          title={MESSAGES.analytics.categoryDistribution}
          nameLabel={MESSAGES.analytics.category}
          slices={dashboard.categorySlices}
        />
        <DistributionChart
          title={MESSAGES.analytics.modelDistribution}
          nameLabel={MESSAGES.analytics.model}
          slices={dashboard.modelSlices}
        />
      </div>

      {dashboard.activity.length > 0 ? <ActivityChart activity={dashboard.activity} /> : null}

      <Leaderboard entries={dashboard.leaderboard} />
    </div>
  );
}
