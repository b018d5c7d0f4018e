import { Fragment } from 'react';
import noticeWords from '../../content/privacy-notice.json' with { type: 'json' };
import siteData from '../../content/site.json' with { type: 'json' };
import { noticeFor } from '../../lib/form-notice';
import type { NoticeFormKind } from '../../lib/privacy-notice';
import styles from './Form.module.css';

/*
 * The notice before a form's send button: what the form collects, why, who
 * receives it, how long it is kept, and where to get it back or complain.
 * The words are the content file's (checked by the build when the pages are
 * made); the figures come from the identity file.
 */

/** The notice version a submission records: which wording its sender saw. */
export const NOTICE_VERSION = noticeWords.version;

interface Props {
  kind: NoticeFormKind;
}

export default function FormNotice({ kind }: Props) {
  const notice = noticeFor(
    kind,
    {
      company: siteData.name,
      retentionDays: siteData.privacy.retentionDays,
      grievanceOfficer: siteData.privacy.grievanceOfficer,
      dataProtectionBoardUrl: siteData.privacy.dataProtectionBoardUrl,
    },
    noticeWords,
  );
  return (
    <section className={styles.notice} aria-label={notice.heading}>
      <h3 className={styles.noticeHeading}>{notice.heading}</h3>
      <p>
        {notice.sentences.map((sentence, index) => (
          <Fragment key={index}>
            {index > 0 && ' '}
            {sentence.map((part, at) =>
              part.href ? (
                <a key={at} href={part.href}>
                  {part.text}
                </a>
              ) : (
                part.text
              ),
            )}
          </Fragment>
        ))}
      </p>
      <ul className={styles.noticeLinks}>
        {notice.links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
