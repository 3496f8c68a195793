import { useToast } from '../../hooks/useToast.ts';

/** The success toast of an admin action ('Member invited'): the widget's one toast stack. */
export function useToastNotice(): (message: string) => void {
  const toast = useToast();
  return (message) => toast.show('success', message);
}
