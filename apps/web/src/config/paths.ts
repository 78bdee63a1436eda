/** Every route path of the app, defined once. */
export const paths = {
  library: '/',
  submit: '/submit',
  insights: '/analytics',
  academy: '/prompt-academy',
  prompt: (id: string) => `/prompts/${encodeURIComponent(id)}`,
} as const;
