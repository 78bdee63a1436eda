import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import './notification.css';

export interface NotificationProps {
  readonly type: 'success' | 'error';
  readonly children: ReactNode;
}

/**
 * A success or error notice. Success is announced politely (role=status);
 * an error interrupts (role=alert), as it needs the visitor's attention.
 */
export function Notification({ type, children }: NotificationProps) {
  const Icon = type === 'success' ? CircleCheck : CircleAlert;
  return (
    <div className={`notification notification-${type}`} role={type === 'success' ? 'status' : 'alert'}>
      <Icon aria-hidden="true" size={20} className="notification-icon" />
      <div className="notification-body">{children}</div>
    </div>
  );
}
