import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { showServerErrors } from './form-errors.js';

/**
 * A dialog's form: checked in the browser by its shared schema, then sent; a refusal puts the
 * server's messages beside the named fields and the rest at the top (`problem`).
 */
export function useDialogForm<T extends FieldValues>({
  resolver,
  defaultValues,
  fields,
  send,
}: {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  /** The fields the server may name in a refusal. */
  fields: readonly (keyof T & string)[];
  send: (body: T) => Promise<void>;
}) {
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<T>({ resolver, defaultValues });
  const submit = handleSubmit(async (body) => {
    setProblem('');
    try {
      await send(body);
    } catch (error) {
      setProblem(showServerErrors(error, setError, fields));
    }
  });
  return { register, errors, isSubmitting, problem, submit };
}
