import { useCallback } from 'react';

/** How a screen reacts to the end of an action it started. */
export interface ActionCallbacks<TBody> {
  onSuccess?: (body: TBody) => void;
  onError?: (error: unknown) => void;
}

/** An action as the screens use it: started with the hook's own arguments, answering the body the server sent. */
export interface Action<TArgs, TBody> {
  mutate: (args: TArgs, callbacks?: ActionCallbacks<TBody>) => void;
  mutateAsync: (args: TArgs) => Promise<TBody>;
  isPending: boolean;
}

/** The parts of a tsr mutation an action needs. */
interface TsrMutation<TRequest, TBody> {
  mutate: (request: TRequest, callbacks?: ActionCallbacks<{ body: TBody }>) => void;
  mutateAsync: (request: TRequest) => Promise<{ body: TBody }>;
  isPending: boolean;
}

/**
 * Turns a tsr mutation (called with `{ params, body }`, answering the whole response) into an action called with
 * the hook's own arguments and answering the body. `request` must be stable (declare it outside the hook), so
 * `mutate` keeps its identity as React Query's does.
 */
export function useAction<TArgs, TRequest, TBody>(
  mutation: TsrMutation<TRequest, TBody>,
  request: (args: TArgs) => TRequest,
): Action<TArgs, TBody> {
  const { mutate, mutateAsync, isPending } = mutation;
  return {
    mutate: useCallback(
      (args, callbacks) =>
        mutate(request(args), {
          onSuccess: (answer) => callbacks?.onSuccess?.(answer.body),
          onError: callbacks?.onError,
        }),
      [mutate, request],
    ),
    mutateAsync: useCallback(async (args) => (await mutateAsync(request(args))).body, [mutateAsync, request]),
    isPending,
  };
}
