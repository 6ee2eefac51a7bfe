import { Chart, useChart } from '@chakra-ui/charts';
import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useIntl, type IntlShape } from 'react-intl';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { usePreferences } from '../../session/preferences.tsx';
import { money } from '../../components/format/money.ts';
import type { DashboardCharts as Charts } from '../../api/resources/dashboard.ts';
import { ChartFigure } from './ChartFigure.tsx';

type Row = Record<string, string | number>;
interface Series {
  name: string;
  label: string;
  color: string;
}

const PALETTE = ['teal.solid', 'orange.solid', 'purple.solid', 'blue.solid', 'pink.solid', 'green.solid', 'yellow.solid', 'cyan.solid'];

/** A stacked bar chart in the panel's colours; right-to-left pages read it from the right. */
function StackedBars({ data, category, series, format }: { data: Row[]; category: string; series: Series[]; format?: (value: number) => string }) {
  const { direction } = usePreferences();
  const rtl = direction === 'rtl';
  const chart = useChart<Row>({ data, series: series.map((s) => ({ name: s.name, color: s.color, label: s.label, stackId: 'a' })) });
  return (
    <Chart.Root maxH="xs" chart={chart}>
      <BarChart responsive accessibilityLayer={false} data={chart.data} margin={{ left: 8, right: 8 }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key(category)} axisLine={false} tickLine={false} reversed={rtl} interval={0} angle={rtl ? 30 : -30} textAnchor="end" height={70} tick={{ fontSize: 11 }} />
        <YAxis axisLine={false} tickLine={false} orientation={rtl ? 'right' : 'left'} allowDecimals={false} tickFormatter={format} width={format ? 90 : 40} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} itemSorter={null} />
        {chart.series.map((item) => (
          <Bar key={item.name} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} stackId={item.stackId} name={String(item.label)} />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

const monthLabel = (intl: IntlShape, month: string) => intl.formatDate(`${month}-01T12:00:00Z`, { month: 'short', year: 'numeric', timeZone: 'UTC' });

function Ageing({ workflow, volumes }: { workflow: 'verification' | 'reimbursement'; volumes: Charts['statusVolumes'] }) {
  const intl = useIntl();
  const buckets = [
    { name: 'under7Days', label: intl.formatMessage({ id: 'dashboard.age.under7Days' }), color: 'green.solid' },
    { name: 'from7To30Days', label: intl.formatMessage({ id: 'dashboard.age.from7To30Days' }), color: 'orange.solid' },
    { name: 'over30Days', label: intl.formatMessage({ id: 'dashboard.age.over30Days' }), color: 'red.solid' },
  ];
  const rows = volumes
    .filter((v) => v.workflow === workflow)
    .map((v) => ({ state: intl.formatMessage({ id: `machine.${workflow}.state.${v.state}` }), under7Days: v.under7Days, from7To30Days: v.from7To30Days, over30Days: v.over30Days, count: v.count }));
  const title = intl.formatMessage({ id: `dashboard.chart.ageing.${workflow}` });
  return (
    <ChartFigure
      id={`ageing-${workflow}`}
      title={title}
      table={{
        columns: [intl.formatMessage({ id: 'dashboard.column.state' }), ...buckets.map((b) => b.label), intl.formatMessage({ id: 'dashboard.column.total' })],
        rows: rows.map((r) => ({ key: String(r.state), cells: [r.state, r.under7Days, r.from7To30Days, r.over30Days, r.count].map((c) => (typeof c === 'number' ? intl.formatNumber(c) : c)) })),
      }}
    >
      <StackedBars data={rows} category="state" series={buckets} />
    </ChartFigure>
  );
}

function ApprovalRates({ rates }: { rates: Charts['approvalRates'] }) {
  const intl = useIntl();
  const series = [
    { name: 'approved', label: intl.formatMessage({ id: 'machine.reimbursement.state.approved' }), color: 'green.solid' },
    { name: 'partiallyApproved', label: intl.formatMessage({ id: 'machine.reimbursement.state.partiallyApproved' }), color: 'yellow.solid' },
    { name: 'rejected', label: intl.formatMessage({ id: 'machine.reimbursement.state.rejected' }), color: 'red.solid' },
  ];
  const rows = rates.map((r) => ({ ...r, label: monthLabel(intl, r.month) }));
  const rate = (r: Charts['approvalRates'][number]) => {
    const decided = r.approved + r.partiallyApproved + r.rejected;
    return decided ? intl.formatNumber((r.approved + r.partiallyApproved) / decided, { style: 'percent', maximumFractionDigits: 0 }) : '—';
  };
  const title = intl.formatMessage({ id: 'dashboard.chart.approvalRates' });
  return (
    <ChartFigure
      id="approval-rates"
      title={title}
      table={{
        columns: [intl.formatMessage({ id: 'dashboard.column.month' }), ...series.map((s) => s.label), intl.formatMessage({ id: 'dashboard.column.approvalRate' })],
        rows: rates.map((r, i) => ({ key: r.month, cells: [rows[i].label, intl.formatNumber(r.approved), intl.formatNumber(r.partiallyApproved), intl.formatNumber(r.rejected), rate(r)] })),
      }}
    >
      <StackedBars data={rows} category="label" series={series} />
    </ChartFigure>
  );
}

/** Paid amounts per insurer and month, one chart per currency (amounts in different currencies never add up). */
function PaidByInsurer({ paid, months }: { paid: Charts['paidByInsurer']; months: string[] }) {
  const intl = useIntl();
  const currencies = [...new Set(paid.map((p) => p.currency))].sort();
  if (!currencies.length) {
    const title = intl.formatMessage({ id: 'dashboard.chart.paid' }, { currency: '' });
    return (
      <ChartFigure id="paid" title={title} table={{ columns: [intl.formatMessage({ id: 'dashboard.column.month' })], rows: [] }}>
        {intl.formatMessage({ id: 'dashboard.nothingPaid' })}
      </ChartFigure>
    );
  }
  return (
    <>
      {currencies.map((currency) => {
        const rows = paid.filter((p) => p.currency === currency);
        const insurers = [...new Map(rows.map((r) => [r.insurerId, r.insurerName])).entries()];
        const series = insurers.map(([id, name], i) => ({ name: `i${id}`, label: name, color: PALETTE[i % PALETTE.length] }));
        const data = months.map((month) => {
          const row: Row = { label: monthLabel(intl, month) };
          for (const [id] of insurers) row[`i${id}`] = rows.find((r) => r.month === month && r.insurerId === id)?.cents ?? 0;
          return row;
        });
        const format = (cents: number) => money(intl, cents, currency);
        const title = intl.formatMessage({ id: 'dashboard.chart.paid' }, { currency });
        return (
          <ChartFigure
            key={currency}
            id={`paid-${currency}`}
            title={title}
            table={{
              columns: [intl.formatMessage({ id: 'dashboard.column.month' }), ...insurers.map(([, name]) => name)],
              rows: data.map((row) => ({ key: String(row.label), cells: [String(row.label), ...insurers.map(([id]) => format(Number(row[`i${id}`])))] })),
            }}
          >
            <StackedBars data={data} category="label" series={series} format={format} />
          </ChartFigure>
        );
      })}
    </>
  );
}

/** The supervisors' charts; loaded only for them, with the dashboard's own chunk. */
export default function DashboardCharts({ charts }: { charts: Charts }) {
  const intl = useIntl();
  return (
    <Stack as="section" aria-labelledby="dashboard-charts" gap="3">
      <Heading as="h2" size="md" id="dashboard-charts">
        {intl.formatMessage({ id: 'dashboard.section.charts' })}
      </Heading>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Ageing workflow="verification" volumes={charts.statusVolumes} />
        <Ageing workflow="reimbursement" volumes={charts.statusVolumes} />
        <ApprovalRates rates={charts.approvalRates} />
        <PaidByInsurer paid={charts.paidByInsurer} months={charts.approvalRates.map((r) => r.month)} />
      </SimpleGrid>
    </Stack>
  );
}
