import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../../../components/Spinner';

const TagPickerChunk = lazy(() => import('./TagPicker').then((m) => ({ default: m.TagPicker })));

/**
 * The tag picker, downloaded the first time a picker opens: it brings React Aria's grid list, which
 * the chats screen does not need until then.
 */
export function LazyTagPicker(props: ComponentProps<typeof TagPickerChunk>) {
  return (
    <Suspense
      fallback={
        <div className="flex h-24 items-center justify-center text-slate-500">
          <Spinner label="Loading tags" />
        </div>
      }
    >
      <TagPickerChunk {...props} />
    </Suspense>
  );
}
