// Link targets of the news screens (the routes themselves are in src/app/AppRoutes.tsx).
export const newsListPath = '/panel/news';
export const newsPath = (id: number): string => `${newsListPath}/${id}`;
