import {
  BODY_PLURALS,
  bodyPath,
  bodyTypeOfSlug,
  BODY_TYPES,
  BUDGET_BANDS_MILLIONS,
  budgetOfSlug,
  budgetPath,
  type CarLanding,
  type CarLandingInput,
  type CarModelOption,
  conditionOfSlug,
  conditionPath,
  CONDITIONS,
  type LandingLinkGroup,
  landingPath,
  millions,
} from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { skipToken } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

/**
 * The links to the other landing pages: the brand's other models (model pages), the neighbouring
 * budgets (the band below and above on a budget page, every band elsewhere), the other body types
 * and the other conditions; the page's own kind first.
 */
export function landingLinks(input: CarLandingInput, landing: Pick<CarLanding, 'brand'> | undefined, models: CarModelOption[] | undefined): LandingLinkGroup[] {
  const groups: LandingLinkGroup[] = [];
  if (input.page === 'model' && landing?.brand) {
    const brand = landing.brand;
    const others = (models ?? []).filter((m) => m.slug !== input.model);
    groups.push({
      title: `Other ${brand.name} models`,
      links: [
        ...others.map((m) => ({ label: `${brand.name} ${m.model}`, to: landingPath({ page: 'model', brand: brand.slug, model: m.slug }) })),
        { label: `All ${brand.name} vehicles`, to: sitePath('brand', { slug: brand.slug }) },
      ],
    });
  }
  const band = input.page === 'budget' ? budgetOfSlug(input.budget) : undefined;
  const bandAt = band === undefined ? -1 : BUDGET_BANDS_MILLIONS.indexOf(band as (typeof BUDGET_BANDS_MILLIONS)[number]);
  const budgets = bandAt < 0 ? [...BUDGET_BANDS_MILLIONS] : [BUDGET_BANDS_MILLIONS[bandAt - 1], BUDGET_BANDS_MILLIONS[bandAt + 1]].filter((m) => m !== undefined);
  groups.push({ title: bandAt < 0 ? 'By budget' : 'Other budgets', links: budgets.map((m) => ({ label: `Under ${millions(m)}`, to: budgetPath(m) })) });
  const body = input.page === 'body' ? bodyTypeOfSlug(input.bodyType) : undefined;
  groups.push({
    title: body ? 'Other body types' : 'By body type',
    links: BODY_TYPES.filter((t) => t !== body).map((t) => ({ label: BODY_PLURALS[t], to: bodyPath(t) })),
  });
  const condition = input.page === 'condition' ? conditionOfSlug(input.condition) : undefined;
  groups.push({
    title: condition ? 'Other conditions' : 'By condition',
    links: CONDITIONS.filter((c) => c !== condition).map((c) => ({ label: `${c} cars`, to: conditionPath(c) })),
  });
  // The page's own kind first (other body types on a body page ...): an empty page suggests those.
  const own = groups.findIndex((group) => group.title.startsWith('Other '));
  if (own > 0) groups.unshift(...groups.splice(own, 1));
  return groups.filter((group) => group.links.length > 0);
}

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 } as const;
// Tap targets of at least 24 px on a phone.
const LINK_STYLE = { display: 'inline-block', minHeight: 24, paddingBlock: 2, color: 'var(--mantine-color-anchor)' } as const;

export interface LandingLinksProps {
  input: CarLandingInput;
  landing: Pick<CarLanding, 'brand'>;
  /**
   * Which groups: the page's own kind (`first`, what an empty page suggests, with a word and a way
   * to every car), the others (`rest`), or all.
   */
  part?: 'first' | 'rest' | 'all';
  label?: string;
}

/**
 * The links between the landing pages, a list per group (a model page's group reads the brand's
 * models, `car.models`). Below the fold: the page loads it as a deferred part (CarLanding.page).
 */
export function LandingLinks({ input, landing, part = 'all', label = 'More cars' }: LandingLinksProps) {
  const models = trpc.car.models.useQuery(input.page === 'model' ? { brand: input.brand } : skipToken);
  const all = landingLinks(input, landing, models.data);
  const groups = part === 'first' ? all.slice(0, 1) : part === 'rest' ? all.slice(1) : all;
  const links = (
    <SimpleGrid component="nav" aria-label={label} cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" mt="xl">
      {groups.map((group) => (
        <div key={group.title}>
          <Title order={2} size="h4" mb="xs">
            {group.title}
          </Title>
          {/* Plain styles, not a stylesheet of its own: one file less on every landing page's first load. */}
          <ul style={LIST_STYLE}>
            {group.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} style={LINK_STYLE}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </SimpleGrid>
  );
  if (part !== 'first') return links;
  return (
    <Stack gap="lg" py="md">
      <Text>Have a look at these instead, or ask us to find one for you.</Text>
      {links}
      <div>
        <Button component={Link} to={sitePath('cars')} variant="light">
          Browse all cars
        </Button>
      </div>
    </Stack>
  );
}
