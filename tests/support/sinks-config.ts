import type { IdpAccount } from "./oidc-issuer.ts";

/**
 * What the end-to-end mail sink and identity provider (`tests/support/sinks.ts`), the Playwright
 * config that starts them and the app, and the journeys agree on. Ports come from the environment,
 * with fixed defaults, so the app can be configured before anything listens.
 */
const portFrom = (name: string, fallback: number) => Number(process.env[name] || fallback);

export const sinkPorts = {
  /** The app under test (the same variable playwright.config.ts reads). */
  app: portFrom("E2E_PORT", 4173),
  smtp: portFrom("E2E_SMTP_PORT", 4125),
  oidc: portFrom("E2E_OIDC_PORT", 4180),
  control: portFrom("E2E_SINKS_PORT", 4181),
};

export const sinkUrls = {
  smtp: `smtp://127.0.0.1:${sinkPorts.smtp}`,
  issuer: `http://127.0.0.1:${sinkPorts.oidc}`,
  control: `http://127.0.0.1:${sinkPorts.control}`,
};

/** The app's client at the identity provider, and the name the app shows on its button. */
export const oidcClient = {
  clientId: "minithings-companion-e2e",
  clientSecret: "a-client-secret-for-the-e2e-issuer",
  name: "Minithings ID",
};

/** The people the identity provider knows: type `subject` as the login on its development page. */
export const idpAccounts = {
  mai: { subject: "mai.nguyen", email: "mai.nguyen@id.minithings.test", name: "Nguyễn Thị Mai" },
  khoa: { subject: "khoa.tran", email: "khoa.tran@id.minithings.test", name: "Trần Đăng Khoa" },
} satisfies Record<string, IdpAccount>;

/** A mail as the control server lists it (`GET /mails?to=`): headers and text parts decoded. */
export interface SunkMail {
  /** The SMTP envelope. */
  envelope: { from: string; to: string[] };
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}
