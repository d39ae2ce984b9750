/** Query keys of this feature; a change to an exercise invalidates everything under its id. */
export const exercisesKeys = {
  all: ['campaigns'] as const,
  list: () => [...exercisesKeys.all, 'list'] as const,
  one: (id: string) => [...exercisesKeys.all, 'one', id] as const,
  detail: (id: string, part: string) => [...exercisesKeys.one(id), part] as const,
  noShows: (id: string, page: number, pageSize: number) =>
    [...exercisesKeys.one(id), 'no-shows', page, pageSize] as const,
  scope: ['campaigns', 'scope-options'] as const,
};
