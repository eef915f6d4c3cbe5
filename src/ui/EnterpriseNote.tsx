import { uiStrings } from '../strings.ts';

/** The badge and licence link every Enterprise feature page shows at its top. */
export function EnterpriseNote() {
  return (
    <p className="enterprise-note">
      <span className="badge badge-enterprise">{uiStrings.enterpriseBadge}</span> {uiStrings.enterpriseNote}{' '}
      <a href="/doc/enterprise/">{uiStrings.enterpriseLink}</a>
    </p>
  );
}
