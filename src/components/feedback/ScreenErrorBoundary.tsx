import { Component, type ReactNode } from 'react';
import { Button, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../../api/client.ts';

export class ChunkLoadError extends Error {}

const isChunkError = (error: unknown) =>
  error instanceof ChunkLoadError || /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(String((error as Error)?.message));

interface Props {
  children: ReactNode;
  onRetry?: () => void;
}

/** 'Loading chunk failed' with a retry for screens that did not load; the router's error screen for anything else. */
export class ScreenErrorBoundary extends Component<Props, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  retry = () => {
    this.setState({ error: null });
    this.props.onRetry?.();
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkError(error)) {
      return (
        <Stack role="alert" gap="4" p="8" alignItems="flex-start">
          <Heading as="h1" size="lg"><FormattedMessage id="error.chunk.title" /></Heading>
          <Text><FormattedMessage id="error.chunk.body" /></Text>
          <Button colorPalette="blue" onClick={this.retry}><FormattedMessage id="common.retry" /></Button>
        </Stack>
      );
    }
    const detail = error instanceof ApiError ? `${error.status} ${error.problem.title}` : String((error as Error)?.message ?? error);
    return (
      <Stack role="alert" gap="4" p="8" alignItems="flex-start">
        <Heading as="h1" size="lg"><FormattedMessage id="error.router.title" /></Heading>
        <Code>{detail}</Code>
        <Button asChild variant="outline"><a href="/app/panel/default"><FormattedMessage id="error.router.goHome" /></a></Button>
      </Stack>
    );
  }
}
