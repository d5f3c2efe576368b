import { type InviteMemberResponse, TEAM_MSG } from '@common/api/team';
import { isValidEmail } from '@common/validation';
import { MailIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { inviteMember } from '../../../api/team';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/TextField';
import { useFlashMessage } from '../useFlashMessage';

/**
 * The owner's invite form: one e-mail field, the role fixed to member (the only role the spec lets
 * an owner choose). Blank and malformed addresses are caught here; everything else is the server's
 * word. Messages clear after 5 s.
 */
export function InviteForm({ onInvited }: { onInvited: (result: InviteMemberResponse) => void }) {
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [isSending, setIsSending] = useState(false);
  const { flash, show } = useFlashMessage();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return show('error', TEAM_MSG.enterEmail);
    if (!isValidEmail(address)) return show('error', TEAM_MSG.invalidEmail);

    setIsSending(true);
    try {
      const result = await inviteMember({ email: address.toLowerCase(), role: 'member' });
      setEmail('');
      show('success', TEAM_MSG.invited(result.member.email));
      onInvited(result);
    } catch (error) {
      show('error', errorMessage(error, TEAM_MSG.inviteFailed));
    } finally {
      setIsSending(false);
    }
  };

  const hasError = flash?.tone === 'error';
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Invite a teammate" className="space-y-4 p-6">
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <div>
          <label htmlFor={emailId} className="mb-1.5 block text-[13px] font-medium text-slate-700">
            Email address
          </label>
          <div className="relative">
            <MailIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              id={emailId}
              name="email"
              type="email"
              autoComplete="off"
              placeholder="teammate@company.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={hasError || undefined}
              className={`${inputClasses(hasError)} pl-9`}
            />
          </div>
        </div>
        <div>
          <label htmlFor={roleId} className="mb-1.5 block text-[13px] font-medium text-slate-700">
            Role
          </label>
          <select
            id={roleId}
            name="role"
            value="member"
            onChange={() => undefined}
            className={inputClasses()}
          >
            <option value="member">Member</option>
          </select>
        </div>
      </div>
      <p className="text-xs leading-5 text-slate-500">
        Members answer chats, assign contacts to themselves and use saved messages. Your team has one owner:
        you.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={isSending} loadingText="Sending...">
          Send invite
        </Button>
      </div>
      {flash && (
        <Alert tone={flash.tone} testId="invite-message">
          {flash.text}
        </Alert>
      )}
    </form>
  );
}
