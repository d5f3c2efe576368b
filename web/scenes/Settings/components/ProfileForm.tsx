import type { Profile } from '@common/api/auth';
import { MSG } from '@common/messages';
import { validateOnboarding } from '@common/validation';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { saveProfile } from '../../../api/profile';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { PhoneNumberField, type PhoneValue } from '../../../components/PhoneNumberField';
import { TextField } from '../../../components/TextField';
import { useFlashMessage } from '../useFlashMessage';

type Field = 'name' | 'companyName' | 'phone' | 'website';

function fieldOf(message: string): Field | null {
  if (message === MSG.nameRequired) return 'name';
  if (message === MSG.companyRequired) return 'companyName';
  if (message === MSG.phoneRequired || message === MSG.phoneNeedsCountry || message === MSG.phoneInvalid)
    return 'phone';
  if (message.startsWith('Please enter a valid website')) return 'website';
  return null;
}

/**
 * Edits the signed-in user's profile with the onboarding rules and messages. The stored number
 * carries its dial code, so it comes back as typed with a leading + and no country selected.
 */
export function ProfileForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: Profile | null;
  onSaved: (profile: Profile) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(profile?.name ?? '');
  const [companyName, setCompanyName] = useState(profile?.companyName ?? '');
  const [phone, setPhone] = useState<PhoneValue>({ phoneNumber: profile?.phoneNumber ?? '', country: null });
  const [businessWebsite, setBusinessWebsite] = useState(profile?.businessWebsite ?? '');
  const [isSaving, setIsSaving] = useState(false);
  const { flash, show } = useFlashMessage();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      companyName,
      phoneNumber: phone.phoneNumber,
      dialCode: phone.country?.dialCode ?? '',
      businessWebsite,
    };
    const problem = validateOnboarding(input);
    if (problem) return show('error', problem);

    setIsSaving(true);
    try {
      const saved = await saveProfile({
        name: name.trim(),
        companyName: companyName.trim(),
        phoneNumber: phone.phoneNumber.trim(),
        dialCode: input.dialCode,
        businessWebsite: businessWebsite.trim() || null,
      });
      show('success', 'Profile saved.');
      if (saved.profile) onSaved(saved.profile);
    } catch (error) {
      show('error', errorMessage(error, MSG.unexpectedError));
    } finally {
      setIsSaving(false);
    }
  };

  const invalid = flash?.tone === 'error' ? fieldOf(flash.text) : null;
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Edit profile" className="space-y-5 p-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Your Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          invalid={invalid === 'name'}
        />
        <TextField
          label="Company Name"
          name="companyName"
          autoComplete="organization"
          value={companyName}
          onChange={(e) => setCompanyName(e.target.value)}
          invalid={invalid === 'companyName'}
        />
      </div>
      <PhoneNumberField
        label="Phone Number"
        value={phone}
        onChange={(value) => setPhone(value)}
        hasError={invalid === 'phone'}
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
        invalid={invalid === 'website'}
      />
      {flash && (
        <Alert tone={flash.tone} testId="profile-message">
          {flash.text}
        </Alert>
      )}
      <div className="flex justify-end gap-3">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" isLoading={isSaving} loadingText="Saving...">
          Save changes
        </Button>
      </div>
    </form>
  );
}
