import { COPYRIGHT_YEAR, LOGO_ANIMATION_MS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { BarChart3, BookOpen, Heart, Library, Moon, PanelLeftClose, PanelLeftOpen, Send, Sun, Vault } from 'lucide-react';
import type { Ref } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { siteMeta } from '../../lib/site-meta';
import { setTheme, useTheme } from '../../lib/theme';
import { useTimedFlag } from '../../lib/use-timed-flag';

interface SidebarProps {
  readonly ref: Ref<HTMLElement>;
  /** The collapse / expand button, which gets focus back when the phone's overlay closes. */
  readonly toggleRef: Ref<HTMLButtonElement>;
  readonly collapsed: boolean;
  readonly onToggle: () => void;
  /** Called when one of the links is chosen. */
  readonly onNavigate: () => void;
}

const LINKS = [
  { to: paths.library, label: MESSAGES.sidebar.library, Icon: Library, end: true },
  { to: paths.submit, label: MESSAGES.sidebar.submit, Icon: Send, end: true },
  { to: paths.analytics, label: MESSAGES.sidebar.analytics, Icon: BarChart3, end: true },
  { to: paths.academy, label: MESSAGES.sidebar.academy, Icon: BookOpen, end: false },
] as const;

export function Sidebar({ ref, toggleRef, collapsed, onToggle, onNavigate }: SidebarProps) {
  const theme = useTheme();
  const [logoAnimating, animateLogo] = useTimedFlag(LOGO_ANIMATION_MS);
  const { pathname } = useLocation();
  const nextTheme = theme === 'dark' ? 'light' : 'dark';

  return (
    <aside ref={ref} className={`sidebar${collapsed ? ' is-collapsed' : ''}`} aria-label="Sidebar">
      <div className="sidebar-brand">
        <button
          type="button"
          className={`sidebar-logo${logoAnimating ? ' is-animating' : ''}`}
          onClick={animateLogo}
          aria-label="Prompt Vault logo"
        >
          <Vault aria-hidden="true" size={26} />
        </button>
        <span className="sidebar-brand-name">Prompt Vault</span>
      </div>

      <nav className="sidebar-nav" aria-label="Main">
        <ul>
          {LINKS.map(({ to, label, Icon, end }) => {
            // The Academy link stays active on every /prompt-academy... path.
            const academyActive = to === paths.academy && pathname.startsWith(paths.academy);
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) => `sidebar-link${isActive || academyActive ? ' is-active' : ''}`}
                  title={collapsed ? label : undefined}
                  onClick={onNavigate}
                >
                  <Icon aria-hidden="true" size={20} />
                  <span className="sidebar-label">{label}</span>
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="sidebar-controls">
        <button
          type="button"
          className="sidebar-control"
          onClick={() => setTheme(nextTheme)}
          aria-label={`Switch to ${nextTheme} mode`}
          title={collapsed ? `Switch to ${nextTheme} mode` : undefined}
        >
          {theme === 'dark' ? <Sun aria-hidden="true" size={20} /> : <Moon aria-hidden="true" size={20} />}
          <span className="sidebar-label">{theme === 'dark' ? 'Light mode' : 'Dark mode'}</span>
        </button>
        <button
          ref={toggleRef}
          type="button"
          className="sidebar-control"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={collapsed ? 'Expand sidebar' : undefined}
        >
          {collapsed ? <PanelLeftOpen aria-hidden="true" size={20} /> : <PanelLeftClose aria-hidden="true" size={20} />}
          <span className="sidebar-label">Collapse</span>
        </button>
      </div>

      <footer className="sidebar-footer">
        <a
          className="sidebar-donate"
          href={siteMeta.donationUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Support Prompt Vault with a donation (opens in a new tab)"
        >
          <Heart aria-hidden="true" size={18} />
          <span className="sidebar-label">Support Prompt Vault</span>
        </a>
        <p className="sidebar-copyright">
          <span aria-hidden={collapsed}>©</span>
          <span className="sidebar-label"> {COPYRIGHT_YEAR} Prompt Vault</span>
        </p>
      </footer>
    </aside>
  );
}
