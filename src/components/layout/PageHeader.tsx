import { Fragment, type ReactNode } from 'react';
import { Breadcrumb, Flex, Heading, Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useScreen } from './screen-context.ts';

/** A screen's title (the page's one h1, isolated so a record's name keeps its order in right-to-left) with its actions, under breadcrumbs back to the screens above it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const intl = useIntl();
  const { crumbs } = useScreen();
  return (
    <Stack gap="2" mb="6">
      {crumbs.length > 0 && (
        <Breadcrumb.Root aria-label={intl.formatMessage({ id: 'nav.breadcrumbs' })} size="sm">
          <Breadcrumb.List flexWrap="wrap">
            {crumbs.map((crumb) => (
              <Fragment key={crumb.href}>
                <Breadcrumb.Item>
                  <Breadcrumb.Link asChild color="fg.muted">
                    <Link href={crumb.href}>{intl.formatMessage({ id: crumb.labelId })}</Link>
                  </Breadcrumb.Link>
                </Breadcrumb.Item>
                {/* Chakra's separator turns itself around in right to left; flipping it again pointed it back. */}
                <Breadcrumb.Separator />
              </Fragment>
            ))}
            <Breadcrumb.Item>
              <Breadcrumb.CurrentLink>
                <bdi>{title}</bdi>
              </Breadcrumb.CurrentLink>
            </Breadcrumb.Item>
          </Breadcrumb.List>
        </Breadcrumb.Root>
      )}
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="2xl">
          <bdi>{title}</bdi>
        </Heading>
        {children}
      </Flex>
    </Stack>
  );
}
