import type { Problem, ReachLinks } from '../../lib/form-flow';
import styles from './Form.module.css';
import ReachUs from './ReachUs';

/*
 * Why a form was not sent, read out at once. When the server or the network
 * failed, the company's other ways in follow; sending again is the form's own
 * button, since every answer is still in place.
 */
export default function FormProblem({
  problem,
  reachLinks,
}: {
  problem: Problem | null;
  reachLinks: () => ReachLinks;
}) {
  if (!problem) return null;
  return (
    <div className={`${styles.status} ${styles.statusError}`} role="alert">
      <p>{problem.text}</p>
      {problem.unreachable && <ReachUs reachLinks={reachLinks} />}
    </div>
  );
}
