import { Box, type BoxProps } from '@chakra-ui/react';
import { sanitizeAnnouncementHtml } from './html.ts';

/** An announcement's body, sanitised again in the browser before it is shown, in the direction of its own text (a Spanish body on a right-to-left page keeps its full stops at the end). */
export function SafeHtml({ html, ...props }: { html: string } & BoxProps) {
  return (
    <Box
      className="announcement-body"
      dir="auto"
      css={{
        '& p, & ul, & ol, & blockquote, & h3, & h4': { marginBlockEnd: '0.6em' },
        '& ul, & ol': { paddingInlineStart: '1.5em' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& a': { color: 'blue.fg', textDecoration: 'underline' },
        '& h3': { fontSize: 'lg', fontWeight: 'semibold' },
        '& h4': { fontWeight: 'semibold' },
        '& blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '0.8em', color: 'fg.muted' },
      }}
      dangerouslySetInnerHTML={{ __html: sanitizeAnnouncementHtml(html) }}
      {...props}
    />
  );
}
