import { MSG } from '@common/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen, signedInSession } from '../../test/render';
import { Onboarding } from './Onboarding';

const submit = () => userEvent.setup().click(screen.getByRole('button', { name: 'Continue to Setup' }));
const alertText = () => screen.getByRole('alert').textContent;
const trigger = () => screen.getByTestId('country-code-trigger');

async function pickCountry(query: string) {
  const user = userEvent.setup();
  await user.click(trigger());
  await user.type(screen.getByRole('combobox', { name: 'Search countries' }), query);
  await user.keyboard('{Enter}');
}

// Opening the country list renders some 240 options, which takes a while under happy-dom.
describe('Onboarding', { timeout: 30_000 }, () => {
  it('checks the session first, as the spec orders', async () => {
    mockApi({ 'GET /api/geo': { body: { countryCode: null } } });
    renderScreen(<Onboarding />, { path: '/onboarding', session: { ...signedInSession(), user: null } });
    await submit();
    expect(alertText()).toBe(MSG.mustBeLoggedIn);
  });

  it('reports missing fields in order: name, company, phone, country code, valid number, website', async () => {
    mockApi({ 'GET /api/geo': { body: { countryCode: null } } });
    renderScreen(<Onboarding />, { path: '/onboarding', session: signedInSession() });
    const user = userEvent.setup();

    await submit();
    expect(alertText()).toBe('Name is required');

    await user.type(screen.getByLabelText('Your Name'), 'Jane Cooper');
    await submit();
    expect(alertText()).toBe('Company name is required');

    await user.type(screen.getByLabelText('Company Name'), 'Acme');
    await submit();
    expect(alertText()).toBe('Phone number is required');

    await user.type(screen.getByLabelText('Phone Number'), '151 2345');
    await submit();
    expect(alertText()).toBe('Please select a country code or include it manually (e.g., +1 123 456 7890)');

    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '+49 12x');
    await submit();
    expect(alertText()).toBe('Please enter a valid phone number');

    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '+49 151 23456789');
    await user.type(screen.getByLabelText(/Business Website/), 'acme');
    await submit();
    expect(alertText()).toMatch(/^Please enter a valid website domain \(e\.g\., .+\)$/);
  });

  it('preselects the country from the geolocation lookup', async () => {
    mockApi({ 'GET /api/geo': { body: { countryCode: 'DE' } } });
    renderScreen(<Onboarding />, { path: '/onboarding', session: signedInSession() });
    await waitFor(() => expect(trigger().textContent).toContain('+49'));
  });

  it('ignores a failed geolocation lookup and keeps the form usable', async () => {
    mockApi({ 'GET /api/geo': { status: 500, body: { error: 'boom', message: 'boom' } } });
    renderScreen(<Onboarding />, { path: '/onboarding', session: signedInSession() });
    await waitFor(() => expect(trigger().textContent).toBe('Code'));
    expect(screen.getByRole('button', { name: 'Continue to Setup' })).toHaveProperty('disabled', false);
  });

  it('clears the country when a number starting with + is typed', async () => {
    mockApi({ 'GET /api/geo': { body: { countryCode: null } } });
    renderScreen(<Onboarding />, { path: '/onboarding', session: signedInSession() });
    await pickCountry('germany');
    expect(trigger().textContent).toContain('+49');

    await userEvent.setup().type(screen.getByLabelText('Phone Number'), '+44 7700');
    expect(trigger().textContent).toBe('Code');
  });

  it('strips a typed dial code when a country is chosen', async () => {
    mockApi({ 'GET /api/geo': { body: { countryCode: null } } });
    renderScreen(<Onboarding />, { path: '/onboarding', session: signedInSession() });
    await userEvent.setup().type(screen.getByLabelText('Phone Number'), '+49 151 23456789');
    await pickCountry('germany');
    expect(trigger().textContent).toContain('+49');
    expect(screen.getByLabelText('Phone Number')).toHaveProperty('value', '151 23456789');
  });

  it('sends the profile with the dial code and goes on to the connect screen', async () => {
    const fetchMock = mockApi({
      'GET /api/geo': { body: { countryCode: 'GB' } },
      'POST /api/onboarding': { status: 201, body: { profile: {} } },
      'GET /api/session': { body: signedInSession() },
    });
    renderScreen(<Onboarding />, { path: '/onboarding', session: signedInSession() });
    const user = userEvent.setup();
    await waitFor(() => expect(trigger().textContent).toContain('+44'));
    await user.type(screen.getByLabelText('Your Name'), 'Jane Cooper');
    await user.type(screen.getByLabelText('Company Name'), 'Acme');
    await user.type(screen.getByLabelText('Phone Number'), '7700 900123');
    await user.type(screen.getByLabelText(/Business Website/), 'acme.co.uk');
    await submit();

    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/connect-facebook'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/onboarding'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Jane Cooper',
      companyName: 'Acme',
      phoneNumber: '7700 900123',
      dialCode: '+44',
      businessWebsite: 'acme.co.uk',
    });
  });

  it('explains an existing profile and moves on to the connect screen after 2 seconds', async () => {
    mockApi({
      'GET /api/geo': { body: { countryCode: null } },
      'POST /api/onboarding': { status: 409, body: { error: 'profile_exists', message: MSG.profileExists } },
    });
    renderScreen(<Onboarding />, { path: '/onboarding', session: signedInSession() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your Name'), 'Jane Cooper');
    await user.type(screen.getByLabelText('Company Name'), 'Acme');
    await user.type(screen.getByLabelText('Phone Number'), '+1 415 555 0100');
    await submit();

    expect((await screen.findByRole('status')).textContent).toBe(MSG.profileExists);
    expect(screen.queryByTestId('current-path')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/connect-facebook'), {
      timeout: 3_000,
    });
  });
});
