/**
 * A lazy page module together with Mantine's complete stylesheet. The public pages load only the
 * stylesheets of the components they use (see `mantine-styles.ts`), which keeps the render-blocking
 * CSS of a first visit small; the sign-in and dashboard screens may use any component. The
 * complete sheet is the layered one (`@layer mantine`): it never overrides the rules already on
 * the page, it only adds the missing ones.
 */
export async function withFullStyles<M>(page: Promise<M>): Promise<M> {
  // Vite resolves a dynamic import only after the chunk's CSS has loaded: no unstyled flash.
  const [module] = await Promise.all([page, import('./mantine-full-styles')]);
  return module;
}
