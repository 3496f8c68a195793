import type { Action } from '../../../hooks/useAction.ts';
import { useToastNotice } from '../notice.ts';
import { useAdminAction, useAdminStrings } from '../widget.ts';
import { asConnection, type Connection } from './types.ts';

/** One part's save of a connection: the call, the provider's answer handed on, 'Changes saved'. */
export function useSaveConnection(onChange: (c: Connection) => void): { action: Action; save: (call: () => Promise<{ connection: Record<string, unknown> }>) => void } {
  const t = useAdminStrings();
  const notice = useToastNotice();
  const action = useAdminAction();
  return {
    action,
    save: (call) =>
      void action.run(async () => {
        onChange(asConnection((await call()).connection));
        notice(t('adminPortal.saved'));
      }),
  };
}
