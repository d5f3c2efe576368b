import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '../../../../components/Spinner';
import { COPY } from '../../../../copy';

type TagListStatusProps = {
  tags: UseQueryResult<unknown, unknown>;
  /** Padding and text size of the row, to match the list it stands in. */
  rowClassName: string;
  spinnerClassName: string;
};

/** The row a tag list shows while its tags load, or when they failed (with 'Try again'). */
export function TagListStatus({ tags, rowClassName, spinnerClassName }: TagListStatusProps) {
  if (tags.isPending) {
    return (
      <p className={`flex items-center gap-2 ${rowClassName} text-slate-500`}>
        <Spinner className={spinnerClassName} /> {COPY.loadingTags}
      </p>
    );
  }
  if (!tags.isError) return null;
  return (
    <div className={rowClassName}>
      <p className="text-red-600" role="alert">
        {COPY.failedToLoadTags}
      </p>
      <button
        type="button"
        onClick={() => void tags.refetch()}
        className="mt-1 text-xs font-medium text-slate-600 hover:underline"
      >
        {COPY.tryAgain}
      </button>
    </div>
  );
}
