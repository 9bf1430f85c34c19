import type { GuardianTeen } from '@estudai/contract/constants';
import { Check, X } from 'lucide-react';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Switch({ on, label }: { on: boolean; label: string }) {
  const Icon = on ? Check : X;
  return (
    <li className="flex items-center gap-2">
      <Icon className={on ? 'size-4 text-emerald-600' : 'size-4 text-slate-400'} aria-hidden />
      <span>
        {label}: <strong>{on ? 'ativada' : 'desativada'}</strong>
      </span>
    </li>
  );
}

/** The teen's safety layer (issue 43): switches and counts, never a word or a message. */
export function TeenProtections({ protections }: { protections: GuardianTeen['protections'] }) {
  return (
    <ul className="grid gap-1.5 text-sm">
      <Switch on={protections.hiddenWords} label="Palavras ocultas (lista padrão)" />
      <Switch on={protections.sensitiveImages} label="Proteção contra imagens sensíveis" />
      <li>{plural(protections.blockedContacts, 'contato bloqueado', 'contatos bloqueados')}</li>
      <li>{plural(protections.reportsMade, 'denúncia feita', 'denúncias feitas')}</li>
    </ul>
  );
}
