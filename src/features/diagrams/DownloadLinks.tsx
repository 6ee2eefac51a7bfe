import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useIntl } from 'react-intl';
import { DOWNLOAD_FORMATS, downloadOf, type DiagramName, type ReaderLang } from './diagram-data.ts';

/** The diagram's exports as files to save: the reader's drawing in the user's language and the five formats. */
export function DownloadLinks({ name, lang }: { name: DiagramName; lang: ReaderLang }) {
  const intl = useIntl();
  const language = new Intl.DisplayNames([intl.locale], { type: 'language' }).of(lang) ?? lang;
  return (
    <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4">
      <Text fontWeight="semibold" mb="2" id="diagram-downloads">{intl.formatMessage({ id: 'diagrams.downloads' })}</Text>
      <Stack as="ul" gap="1" m="0" p="0" listStyleType="none" aria-labelledby="diagram-downloads" fontSize="sm">
        {DOWNLOAD_FORMATS.map((format) => {
          const { file, url } = downloadOf(name, format, lang);
          return (
            <li key={format}>
              <Link href={url} download={file} colorPalette="blue" display="inline-flex" alignItems="center" gap="1">
                <Download size={14} aria-hidden />
                {intl.formatMessage({ id: `diagrams.download.${format}` }, { language })}
              </Link>
              <Text fontSize="xs" color="fg.muted" ps="5">
                <bdi>{file}</bdi>
              </Text>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}
