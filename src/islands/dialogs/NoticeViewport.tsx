import { useStore } from '@nanostores/react';
import { $notice, dismissNotice } from '../../stores/notices';
import styles from './NoticeViewport.module.css';

/*
 * Where the notice appears, bottom centre. The live region is always in the
 * page so that screen readers announce a notice when it arrives.
 */
export default function NoticeViewport() {
  const notice = useStore($notice);
  return (
    <div className={styles.viewport} role="status" aria-live="polite" aria-atomic="true">
      {notice && (
        <div className={notice.tone === 'error' ? `${styles.notice} ${styles.error}` : styles.notice}>
          <p className={styles.message}>{notice.message}</p>
          <button type="button" className={styles.action} onClick={() => dismissNotice(notice.id)}>
            {notice.action}
          </button>
        </div>
      )}
    </div>
  );
}
