import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTE_MAX_LENGTH,
  orderNoteRequestSchema,
  type AdminOrder,
  type OrderNoteRequest,
} from '@shop/shared';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { useT } from '../../lib/i18n.js';
import { useAddNote } from './api.js';
import type en from './i18n/en.json';

/** An internal note on the order's timeline; the customer never sees it. */
export function NoteDialog({
  order,
  onClose,
}: {
  order: AdminOrder;
  onClose: (added: boolean) => void;
}) {
  const t = useT<typeof en>();
  const addNote = useAddNote(order.id);
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<OrderNoteRequest>({
    resolver: zodResolver(orderNoteRequestSchema),
    defaultValues: { text: '' },
    fields: ['text'],
    send: async (body) => {
      await addNote(body);
      onClose(true);
    },
  });
  return (
    <FormDialog
      id="note"
      title={t('orders.note.title', { number: order.number })}
      problem={problem}
      action={isSubmitting ? t('orders.note.busy') : t('orders.note.action')}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose(false)}
    >
      <FormField
        label={t('orders.note.label')}
        rows={4}
        autoFocus
        maxLength={NOTE_MAX_LENGTH}
        registration={register('text')}
        error={errors.text}
        help={t('orders.note.help')}
      />
    </FormDialog>
  );
}
