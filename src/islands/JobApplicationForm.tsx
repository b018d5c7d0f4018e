import type { ContactWays } from '../lib/form-flow';
import { jobApplicationForm } from '../lib/forms';
import FormFrame from './forms/FormFrame';

/*
 * An application for an open role, on the Join us page: it reaches the
 * company like any other form, so a job seeker can apply from the first day
 * without an outside form service. The role comes from the link the visitor
 * followed ("?role=…#apply") or is chosen here.
 */

/** The selector the page gives client:first-use. */
export const JOB_APPLICATION_FORM = '.job-application-form';

interface Props {
  siteKey: string;
  ways: ContactWays;
  /** The open roles, as the page lists them. */
  roles: readonly string[];
}

export default function JobApplicationForm({ roles, ...props }: Props) {
  const prefill = () => {
    const role = new URLSearchParams(location.search).get('role') ?? undefined;
    return { role: role && roles.includes(role) ? role : undefined };
  };
  return (
    <FormFrame
      form={jobApplicationForm}
      firstUse={JOB_APPLICATION_FORM}
      options={{ role: roles.map((role) => ({ value: role, label: role })) }}
      initial={roles.length === 1 ? { role: roles[0]! } : {}}
      prefill={prefill}
      {...props}
    />
  );
}
