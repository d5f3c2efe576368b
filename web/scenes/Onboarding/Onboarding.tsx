import { MSG } from '@common/messages';
import { type OnboardingInput, validateOnboarding } from '@common/validation';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError, errorMessage } from '../../api/client';
import { fetchCountryCode } from '../../api/geo';
import { saveOnboardingProfile } from '../../api/onboarding';
import { refreshSession } from '../../api/session';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { findCountry } from '../../components/countries';
import { PhoneNumberField, type PhoneValue } from '../../components/PhoneNumberField';
import { SetupSteps } from '../../components/SetupSteps';
import { SignedInAs } from '../../components/SignedInAs';
import { TextField } from '../../components/TextField';
import { COPY } from '../../copy';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate';
import { useSession } from '../../hooks/useSession';

export const PROFILE_EXISTS_REDIRECT_MS = 2_000;

type Field = 'name' | 'companyName' | 'phone' | 'website';

/** Which input a validation message is about, to outline it in red. */
function fieldOf(message: string): Field | null {
  if (message === MSG.nameRequired) return 'name';
  if (message === MSG.companyRequired) return 'companyName';
  if (message === MSG.phoneRequired || message === MSG.phoneNeedsCountry || message === MSG.phoneInvalid)
    return 'phone';
  if (message.startsWith('Please enter a valid website')) return 'website';
  return null;
}

function isProfileExists(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 409 || error.code === 'profile_exists');
}

export function Onboarding() {
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const queryClient = useQueryClient();
  const { data: session } = useSession();

  const [name, setName] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ phoneNumber: '', country: null });
  const [businessWebsite, setBusinessWebsite] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // Once the user picks a country or types a +number, the geo guess must not override them.
  const hasChosenCountry = useRef(false);

  useEffect(() => {
    let isCurrent = true;
    void fetchCountryCode().then((code) => {
      const country = findCountry(code);
      if (!isCurrent || !country || hasChosenCountry.current) return;
      setPhone((current) =>
        current.country || current.phoneNumber.trimStart().startsWith('+')
          ? current
          : { ...current, country },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  const handlePhoneChange = (value: PhoneValue, cause: 'typed' | 'country') => {
    if (cause === 'country' || value.phoneNumber.trimStart().startsWith('+')) hasChosenCountry.current = true;
    setPhone(value);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input: OnboardingInput = {
      name,
      companyName,
      phoneNumber: phone.phoneNumber,
      dialCode: phone.country?.dialCode ?? '',
      businessWebsite,
    };
    const problem = validateOnboarding(input, Boolean(session?.user));
    setError(problem);
    if (problem) return;

    setIsSubmitting(true);
    try {
      await saveOnboardingProfile({
        name: name.trim(),
        companyName: companyName.trim(),
        phoneNumber: phone.phoneNumber.trim(),
        dialCode: input.dialCode,
        businessWebsite: businessWebsite.trim() || null,
      });
      await refreshSession(queryClient).catch(() => undefined);
      await navigate('/connect-facebook', { replace: true });
    } catch (saveError) {
      if (isProfileExists(saveError)) {
        setNotice(MSG.profileExists);
        navigateLater('/connect-facebook', PROFILE_EXISTS_REDIRECT_MS, { replace: true });
        return;
      }
      setError(errorMessage(saveError, MSG.unexpectedError));
      setIsSubmitting(false);
    }
  };

  const invalidField = error ? fieldOf(error) : null;

  return (
    <AuthLayout
      wide
      title={COPY.onboardingTitle}
      subtitle="Tell us a little about you and your business. Next, you'll connect your WhatsApp Business account."
      corner={session?.user ? <SignedInAs email={session.user.email} /> : null}
    >
      <SetupSteps current="profile" />
      <form noValidate onSubmit={handleSubmit} className="mt-8 space-y-5">
        <TextField
          label="Your Name"
          name="name"
          autoComplete="name"
          placeholder="Jane Cooper"
          value={name}
          onChange={(e) => setName(e.target.value)}
          invalid={invalidField === 'name'}
          autoFocus
        />
        <TextField
          label="Company Name"
          name="companyName"
          autoComplete="organization"
          placeholder="Acme Inc."
          value={companyName}
          onChange={(e) => setCompanyName(e.target.value)}
          invalid={invalidField === 'companyName'}
        />
        <PhoneNumberField
          label="Phone Number"
          value={phone}
          onChange={handlePhoneChange}
          hasError={invalidField === 'phone'}
          hint="Pick your country code, or type the full number starting with +."
        />
        <TextField
          label="Business Website"
          name="businessWebsite"
          optional
          inputMode="url"
          autoComplete="url"
          placeholder="example.com"
          value={businessWebsite}
          onChange={(e) => setBusinessWebsite(e.target.value)}
          invalid={invalidField === 'website'}
        />
        {error && <Alert>{error}</Alert>}
        {notice && <Alert tone="info">{notice}</Alert>}
        <Button
          type="submit"
          block
          isLoading={isSubmitting || Boolean(notice)}
          loadingText={COPY.savingProfile}
        >
          {COPY.continueToSetup}
        </Button>
      </form>
    </AuthLayout>
  );
}
