import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  completeOnboardingViaApi,
  connectSandboxNumberViaApi,
  invitationLinkFor,
  screenshot,
  signOutViaApi,
  signUpViaApi,
  uniqueEmail,
} from './helpers';

test('owner invites by e-mail → the link signs the invitee up into the team → the owner removes them', async ({
  page,
  browser,
}) => {
  // The owner connects a sandbox number through the signup window, as a real owner would.
  const ownerEmail = uniqueEmail('owner');
  await signUpViaApi(page, ownerEmail, 'correct-horse');
  await completeOnboardingViaApi(page);
  await page.goto('/connect-facebook');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  const signupWindow = page.getByRole('dialog', { name: /Connect your WhatsApp Business account/ });
  await signupWindow.getByLabel('Business name').fill('Harbor Bikes');
  await signupWindow.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/app\/chats$/);

  // Settings → Team.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByRole('form', { name: 'Edit profile' }).getByLabel('Your Name')).toHaveValue(
    'Jane Cooper',
  );
  await screenshot(page, '20-settings-profile');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/team$/);
  const members = page.getByTestId('team-member');
  await expect(members).toHaveCount(1);
  await expect(members.first()).toContainText('Owner');
  await expect(members.first()).toContainText('(You)');

  const form = page.getByRole('form', { name: 'Invite a teammate' });
  await expect(form.getByLabel('Role')).toHaveValue('member');
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(form.getByTestId('invite-message')).toHaveText('Please enter an email address.');

  const invitee = uniqueEmail('teammate');
  await form.getByLabel('Email address').fill(invitee.toUpperCase());
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(form.getByTestId('invite-message')).toHaveText(`Invitation sent to ${invitee}.`);
  const inviteeRow = members.filter({ hasText: invitee });
  await expect(inviteeRow).toContainText('Invited');
  await screenshot(page, '21-settings-team-invited');
  // Team messages clear after 5 s.
  await expect(form.getByTestId('invite-message')).toBeHidden({ timeout: 7_000 });

  // The invitation e-mail, in the dev outbox, names the team and carries a single-use join link.
  await page.goto('/dev/outbox');
  const mail = page.getByTestId('outbox-message').filter({ hasText: invitee });
  await expect(mail).toContainText('invited you to Harbor Bikes on Switchboard');
  const link = mail.getByRole('link', { name: /\/join\?token=/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/join\?token=[\w-]{40,}$/);

  // A fresh browser opens the link: sign-up, with the invited address already filled in.
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  try {
    await inviteePage.goto(href!);
    await expect(inviteePage).toHaveURL(/\/sign-up\?/);
    await expect(inviteePage.getByLabel('Email address')).toHaveValue(invitee);
    await inviteePage.getByLabel('Password', { exact: true }).fill('teammate-pass');
    await inviteePage.getByLabel('Confirm password').fill('teammate-pass');
    await inviteePage.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      inviteePage.getByText('You have been added to an existing team. Redirecting to the app...'),
    ).toBeVisible();
    await expect(inviteePage).toHaveURL(/\/app\/chats$/);
    const session = await (await inviteePage.request.get('/api/session')).json();
    expect(session.access).toMatchObject({
      kind: 'team_member',
      role: 'member',
      account: { businessName: 'Harbor Bikes' },
    });

    // The member sees the team read-only.
    await inviteePage.goto('/app/settings/team');
    await expect(inviteePage.getByTestId('team-read-only')).toHaveText(
      'Only team owners can invite or remove members.',
    );
    await expect(inviteePage.getByRole('form', { name: 'Invite a teammate' })).toHaveCount(0);
    await expect(inviteePage.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await screenshot(inviteePage, '22-settings-team-member-view');
    const forged = await inviteePage.request.post('/api/team/invitations', {
      data: { email: uniqueEmail('forged') },
    });
    expect(forged.status()).toBe(403);

    // Back in the owner's browser: the invitee is active; removing asks first.
    await page.goto('/app/settings/team');
    await expect(inviteeRow).toContainText('Active');
    await inviteeRow.getByRole('button', { name: `Remove ${invitee}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove team member' });
    await expect(confirm).toContainText(invitee);
    // The alert dialog starts on its safe answer, and Escape takes it away without removing anyone.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page, 'remove-member confirmation', '[role="alertdialog"]');
    await screenshot(page, '23-settings-team-remove-confirm', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(inviteeRow).toContainText('Active');
    await inviteeRow.getByRole('button', { name: `Remove ${invitee}` }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('team-message')).toHaveText(
      `${invitee.split('@')[0]} was removed from the team.`,
    );
    await expect(members).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Team activity' })).toContainText(`removed ${invitee}`);
    await screenshot(page, '24-settings-team-removed');

    // The removed member is still signed in but reaches nothing of the team any more.
    expect((await inviteePage.request.get('/api/team')).status()).toBe(403);
    await inviteePage.goto('/app/chats');
    await expect(inviteePage).toHaveURL(/\/connect-facebook$/);
  } finally {
    await inviteeContext.close();
  }
});

test('an invitation to an address with an account: the link opens sign-in, and only following it joins', async ({
  page,
  browser,
}) => {
  const ownerEmail = uniqueEmail('owner');
  await signUpViaApi(page, ownerEmail, 'correct-horse');
  await completeOnboardingViaApi(page);
  await connectSandboxNumberViaApi(page, 'Corner Cafe');

  // The teammate already has an account (no team yet) in their own browser.
  const teammate = uniqueEmail('regular');
  const teammateContext = await browser.newContext();
  const teammatePage = await teammateContext.newPage();
  try {
    await signUpViaApi(teammatePage, teammate, 'teammate-pass');
    await signOutViaApi(teammatePage);

    await page.goto('/app/settings/team');
    const form = page.getByRole('form', { name: 'Invite a teammate' });
    await form.getByLabel('Email address').fill(teammate);
    await form.getByRole('button', { name: 'Send invite' }).click();
    const row = page.getByTestId('team-member').filter({ hasText: teammate });
    await expect(row).toContainText('Invited');
    await expect(row.getByTestId('invitation-expiry')).toHaveText('Link expires in 7 days');

    // Resending mails a new link; the first one stops working.
    const first = await invitationLinkFor(page.request, teammate);
    await row.getByRole('button', { name: `Resend the invitation to ${teammate}` }).click();
    await expect(page.getByTestId('team-message')).toHaveText(
      `A new invitation link was sent to ${teammate}.`,
    );
    const link = await invitationLinkFor(page.request, teammate);
    expect(link).not.toBe(first);
    await screenshot(page, '25-settings-team-invitation-resent');
    // The member list with its invitation row (the app shell around it is the UI foundations' work).
    await expectNoAxeViolations(page, 'team members with an open invitation', '[aria-label="Team members"]');
    await teammatePage.goto(first);
    await expect(teammatePage.getByTestId('invitation-invalid')).toContainText('invalid or has expired');
    await screenshot(teammatePage, '26-join-link-expired');
    await expectNoAxeViolations(teammatePage, 'join page, expired link');

    // Someone signed in as another address (here the owner) is told so, and nothing joins.
    await page.goto(link);
    await expect(page.getByTestId('invitation-other-address')).toContainText(
      `You're signed in as ${ownerEmail}. This invitation was sent to ${teammate}`,
    );
    await expect(page.getByRole('button', { name: 'Sign out and continue' })).toBeVisible();
    await screenshot(page, '27-join-other-address');
    await expectNoAxeViolations(page, 'join page, signed in as another address');

    // The new link opens sign-in with the address filled in; signing in joins and opens the inbox.
    await teammatePage.goto(link);
    await expect(teammatePage).toHaveURL(/\/sign-in\?/);
    await expect(teammatePage.getByLabel('Email address')).toHaveValue(teammate);
    await expect(teammatePage.getByLabel('Password')).toBeFocused();
    await expectNoAxeViolations(teammatePage, 'sign-in from an invitation');
    await teammatePage.getByLabel('Password').fill('teammate-pass');
    await teammatePage.getByRole('button', { name: 'Sign in' }).click();
    await expect(teammatePage).toHaveURL(/\/app\/chats$/);
    const session = await (await teammatePage.request.get('/api/session')).json();
    expect(session.access).toMatchObject({ kind: 'team_member', account: { businessName: 'Corner Cafe' } });

    await page.goto('/app/settings/team');
    await expect(row).toContainText('Active');
    await expect(row.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
  } finally {
    await teammateContext.close();
  }
});
