// The frame of a one-form screen (login, profile): a narrow column with the screen's head
// tags (never indexed: these screens are for one person), its heading and the form.
import type { ComponentProps, ReactNode } from 'react';
import { PageMeta } from '../page-meta';

interface FormScreenProps {
  meta: { title: string; description: string };
  path: string;
  heading: string;
  /** useForm's formProps. */
  formProps: ComponentProps<'form'>;
  children: ReactNode;
}

export function FormScreen({ meta, path, heading, formProps, children }: FormScreenProps) {
  return (
    <div className="container container-narrow">
      <PageMeta {...meta} path={path} noindex />
      <h1>{heading}</h1>
      <form className="form" {...formProps}>
        {children}
      </form>
    </div>
  );
}
