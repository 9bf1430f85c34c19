import type { PrivacySettings, UpdatePrivacyInput } from '@estudai/contract/constants';
import { cn } from '../lib/cn.ts';

const SWITCHES: {
  key: keyof PrivacySettings;
  label: string;
  hint: string;
  on: (s: PrivacySettings) => boolean;
}[] = [
  {
    key: 'profileVisibility',
    label: 'Perfil só para seguidores',
    hint: 'Perfil e posts aparecem só para quem foi aceito como seguidor.',
    on: (settings) => settings.profileVisibility === 'followers',
  },
  {
    key: 'allowAdultChat',
    label: 'Aceitar conversas com adultos',
    hint: 'Mesmo assim, só professores de grupos em comum que se seguem com o estudante.',
    on: (settings) => settings.allowAdultChat,
  },
  {
    key: 'discoverable',
    label: 'Aparecer em “quem seguir”',
    hint: 'Ser sugerido a outras pessoas.',
    on: (settings) => settings.discoverable,
  },
];

/** The change one switch makes: each switch writes one field of `UpdatePrivacyInput`. */
function changeOf(key: keyof PrivacySettings, checked: boolean): UpdatePrivacyInput {
  if (key === 'profileVisibility') return { profileVisibility: checked ? 'followers' : 'public' };
  return { [key]: checked };
}

/**
 * The three privacy switches of a person (their own 'Meus dados', or a teen's on the guardian's
 * dashboard). The server says whether a change is allowed (a minor only tightens alone).
 */
export function PrivacySettingsForm({
  settings,
  disabled,
  onChange,
}: {
  settings: PrivacySettings;
  disabled?: boolean;
  onChange: (input: UpdatePrivacyInput) => void;
}) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="sr-only">Privacidade</legend>
      {SWITCHES.map(({ key, label, hint, on }) => (
        <label
          key={key}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 px-3 py-2.5 dark:border-slate-700',
            'has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
          )}
        >
          <input
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-indigo-600"
            checked={on(settings)}
            onChange={(event) => onChange(changeOf(key, event.target.checked))}
          />
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">{label}</span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
