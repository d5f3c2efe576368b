import { html } from './html';

/**
 * The invitation e-mail. Its one link (`PUBLIC_URL/join?token=…`) opens sign-up, or sign-in when the
 * address already has an account, with the address filled in; following it is what joins the team.
 */
export function invitationEmail(p: {
  to: string;
  teamName: string;
  inviter: string;
  hasAccount: boolean;
  link: string;
}) {
  const subject = `${p.inviter} invited you to ${p.teamName} on Switchboard`;
  const intro = `${p.inviter} invited you to join the team "${p.teamName}" on Switchboard, the shared WhatsApp inbox your team answers customers from.`;
  const action = p.hasAccount
    ? `Sign in with your account (${p.to}) to join:`
    : `Create your account with this e-mail address (${p.to}) to join:`;
  const closing =
    "The link works for 7 days and only once. If you weren't expecting this, you can ignore this e-mail.";
  return {
    to: p.to,
    subject,
    text: `${intro}\n\n${action}\n${p.link}\n\n${closing}`,
    html: html`<p>${intro}</p><p>${action}</p><p><a href="${p.link}">Accept the invitation</a></p><p>${closing}</p>`
      .value,
  };
}
