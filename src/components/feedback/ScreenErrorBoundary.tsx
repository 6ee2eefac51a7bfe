import { Component, type ReactNode } from 'react';
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
        <div role="alert" className="ui-error-screen">
          <h1><FormattedMessage id="error.chunk.title" /></h1>
          <p><FormattedMessage id="error.chunk.body" /></p>
          <button type="button" className="ui-button" data-variant="primary" onClick={this.retry}><FormattedMessage id="common.retry" /></button>
        </div>
      );
    }
    const detail = error instanceof ApiError ? `${error.status} ${error.problem.title}` : String((error as Error)?.message ?? error);
    return (
      <div role="alert" className="ui-error-screen">
        <h1><FormattedMessage id="error.router.title" /></h1>
        <pre>{detail}</pre>
        <a className="ui-button" href="/app/panel/default"><FormattedMessage id="error.router.goHome" /></a>
      </div>
    );
  }
}
