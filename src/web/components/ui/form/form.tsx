import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { config, type z } from "zod";
import { useHydrated } from "#web/hooks/use-hydrated.ts";

// zod compiles fast validators with `new Function` when it may; the page's Content-Security-Policy
// (no 'unsafe-eval') refuses that, and the browser reports every refusal: validate without it.
config({ jitless: true });

/**
 * The one way to build a form: a zod schema in, its parsed values out. Fields inside (`TextField`,
 * `SelectField`, ...) find the form through context, so a form is its fields and nothing else. The
 * browser's own validation is off: the schema's messages are the ones shown, beside their fields.
 */
export function Form<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  children,
  className,
  "aria-label": ariaLabel,
}: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  onSubmit: (values: Output, form: UseFormReturn<Input, unknown, Output>) => unknown;
  children: ReactNode | ((form: UseFormReturn<Input, unknown, Output>) => ReactNode);
  className?: string;
  "aria-label"?: string;
}) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  // A page the server rendered shows its form before the script that runs it has loaded: its fields stay
  // disabled until then, so nothing typed or clicked meanwhile is lost or sent anywhere.
  const hydrated = useHydrated();
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={ariaLabel}
        className={className}
        onSubmit={form.handleSubmit((values) => onSubmit(values, form))}
      >
        <fieldset disabled={!hydrated} className="contents">
          {typeof children === "function" ? children(form) : children}
        </fieldset>
      </form>
    </FormProvider>
  );
}
