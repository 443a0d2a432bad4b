import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, type KeyboardEventHandler, type ReactNode, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { PendingUploads, PendingUploadsContext } from "./pending-uploads.ts";

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * The one way to build a form: a zod schema in, its parsed values out. Fields inside (`TextField`,
 * `SelectField`, ...) find the form through context, so a form is its fields and nothing else. The
 * browser's own validation is off: the schema's messages are the ones shown, beside their fields.
 *
 * A save pressed while a field's file still uploads first checks the other fields, then waits for the
 * upload (the submit button shows its progress) and saves once the field holds the uploaded file's
 * address; a cancelled or refused upload saves nothing and the form says so.
 */
export function Form<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  onSubmitStart,
  onKeyDown,
  children,
  className,
  "aria-label": ariaLabel,
}: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  onSubmit: (values: Output, form: UseFormReturn<Input, unknown, Output>) => unknown;
  /** Each press of submit, before the fields are checked: what the last try said no longer applies. */
  onSubmitStart?: () => void;
  onKeyDown?: KeyboardEventHandler<HTMLFormElement>;
  children: ReactNode | ((form: UseFormReturn<Input, unknown, Output>) => ReactNode);
  className?: string;
  "aria-label"?: string;
}) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const [uploads] = useState(() => new PendingUploads());
  const save = form.handleSubmit((values) => onSubmit(values, form));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmitStart?.();
    const uploading = uploads.fields();
    if (uploads.getSnapshot().waiting) return;
    if (uploading.length > 0) {
      const others = (Object.keys(form.getValues()) as Path<Input>[]).filter(
        (name) => !uploading.includes(name),
      );
      for (const name of uploading) form.clearErrors(name as Path<Input>);
      if (!(await form.trigger(others, { shouldFocus: true }))) return;
    }
    if (!(await uploads.settle(isAbort))) return;
    await save(event);
  }

  return (
    <FormProvider {...form}>
      <PendingUploadsContext value={uploads}>
        <form noValidate aria-label={ariaLabel} className={className} onSubmit={submit} onKeyDown={onKeyDown}>
          {/* A page the server rendered shows its form before the script that runs it has loaded: its fields
              stay disabled until then, so nothing typed or clicked meanwhile is lost or sent anywhere. */}
          <HydrationGate>{typeof children === "function" ? children(form) : children}</HydrationGate>
        </form>
      </PendingUploadsContext>
    </FormProvider>
  );
}
