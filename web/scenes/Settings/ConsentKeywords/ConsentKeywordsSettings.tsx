import {
  type ConsentKeywords,
  consentKeywordsSchema,
  DEFAULT_OPT_IN_KEYWORDS,
  DEFAULT_OPT_OUT_KEYWORDS,
  MAX_CONSENT_KEYWORDS,
} from '@common/api/consent';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { consentKeywordsQuery, saveConsentKeywords } from '../../../api/consent';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { showToast } from '../../../ui/Toast';
import { SettingsCard } from '../SettingsCard';
import { KeywordListEditor } from './KeywordListEditor';

type ListName = keyof ConsentKeywords;

/** The schema's message per list for these lists (blank, too long, too many, in both lists). */
export function keywordProblems(lists: ConsentKeywords): Record<ListName, string | null> {
  const problems: Record<ListName, string | null> = { optOut: null, optIn: null };
  const parsed = consentKeywordsSchema.safeParse(lists);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const list = issue.path[0] === 'optIn' ? 'optIn' : 'optOut';
    problems[list] ??= issue.message;
  }
  return problems;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * Settings → Consent keywords (issue 14): a customer's message that is exactly one of these words
 * opts them out of (or back in to) marketing messages. Owners add and remove chips and save; members
 * read the lists. The lists are checked by the contract's schema here and on the server.
 */
export function ConsentKeywordsSettings() {
  const client = useQueryClient();
  const query = useQuery(consentKeywordsQuery);
  const [draft, setDraft] = useState<ConsentKeywords | null>(null);
  const stored = query.data ? { optOut: query.data.optOut, optIn: query.data.optIn } : null;
  const lists = draft ?? stored;
  const editable = query.data?.abilities.edit ?? false;
  const save = useMutation({
    mutationFn: (body: ConsentKeywords) => saveConsentKeywords(client, body),
    onSuccess: () => {
      setDraft(null);
      showToast('Consent keywords saved', 'success');
    },
  });

  if (!lists) {
    return (
      <div className="flex justify-center py-12">
        {query.isError ? (
          <Alert>{errorMessage(query.error, 'Failed to load the consent keywords.')}</Alert>
        ) : (
          <Spinner className="size-5 text-slate-400" />
        )}
      </div>
    );
  }

  const problems = keywordProblems(lists);
  const dirty = stored !== null && (!same(lists.optOut, stored.optOut) || !same(lists.optIn, stored.optIn));
  const change = (list: ListName, keywords: string[]) => {
    save.reset();
    setDraft({ ...lists, [list]: keywords });
  };
  const check = (list: ListName) => (keyword: string) => {
    const other: ListName = list === 'optOut' ? 'optIn' : 'optOut';
    const lower = keyword.toLowerCase();
    if (lists[list].some((k) => k.toLowerCase() === lower)) return 'This keyword is already in the list';
    if (lists[other].some((k) => k.toLowerCase() === lower))
      return 'A keyword cannot be both opt-out and opt-in';
    if (lists[list].length >= MAX_CONSENT_KEYWORDS)
      return `At most ${MAX_CONSENT_KEYWORDS} keywords per list`;
    return keywordProblems({ ...lists, [list]: [...lists[list], keyword] })[list];
  };

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Consent keywords</h2>
          <p className="text-sm text-slate-500">
            When a customer’s whole message is one of these words (any letter case), their marketing consent
            changes and the chat shows it.
          </p>
        </div>
        {editable && (
          <div className="flex gap-2">
            <Button
              variant="ghost"
              onClick={() => {
                save.reset();
                setDraft({ optOut: [...DEFAULT_OPT_OUT_KEYWORDS], optIn: [...DEFAULT_OPT_IN_KEYWORDS] });
              }}
            >
              Use defaults
            </Button>
            <Button
              variant="brand"
              disabled={!dirty || problems.optOut !== null || problems.optIn !== null}
              isLoading={save.isPending}
              loadingText="Saving…"
              onClick={() => save.mutate(lists)}
            >
              Save changes
            </Button>
          </div>
        )}
      </div>
      {!editable && (
        <Alert tone="info" className="mb-2">
          Only the team owner can change the consent keywords.
        </Alert>
      )}
      {save.isError && (
        <Alert className="mb-2">{errorMessage(save.error, 'Failed to save the consent keywords.')}</Alert>
      )}
      <SettingsCard
        title="Opt-out keywords"
        description="The customer no longer wants marketing messages. Campaigns skip them."
      >
        <KeywordListEditor
          label="Opt-out keywords"
          keywords={lists.optOut}
          editable={editable}
          error={problems.optOut}
          check={check('optOut')}
          onChange={(k) => change('optOut', k)}
        />
      </SettingsCard>
      <SettingsCard title="Opt-in keywords" description="The customer wants marketing messages again.">
        <KeywordListEditor
          label="Opt-in keywords"
          keywords={lists.optIn}
          editable={editable}
          error={problems.optIn}
          check={check('optIn')}
          onChange={(k) => change('optIn', k)}
        />
      </SettingsCard>
    </div>
  );
}
