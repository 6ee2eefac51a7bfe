-- Configuraciones: the catalogs the benefit engine and the forms read, editable by administrators.
-- Procedure codes (CDT-style, with their category, coding system, tooth requirement and names), the
-- rejection reason codes' texts, the required-documents matrix (research 4.3) and the research 4.1
-- defaults that policies and insurers inherit. Each change keeps the item's version and a history row
-- (who, when, the item before and after): a liquidation of an approved reimbursement reads the catalogs
-- as they were when it was approved. Seeded with what the engine used before it read them.

CREATE TABLE procedure_codes (
  code text PRIMARY KEY CHECK (code ~ '^D[0-9]{4}$'),
  category text NOT NULL CHECK (category IN ('DIAGNOSTIC', 'PREVENTIVE', 'BASIC', 'MAJOR', 'ORTHODONTIC')),
  coding_system text NOT NULL DEFAULT 'CDT' CHECK (coding_system ~ '^[A-Z0-9_-]{2,16}$'),
  requires_tooth boolean NOT NULL DEFAULT false,
  descriptions jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reason_codes (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{2}$'),
  texts jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- When: ALWAYS, NEVER, BASIC_OR_MAJOR (a line of basic or major treatment), OTHER_INSURER (a line
-- carries another insurer's payment); per claim: general, first orthodontic (cuota 0), later instalments.
CREATE TABLE required_documents (
  document_type text PRIMARY KEY,
  -- The matrix's row order (research 4.3), which is also the order missing documents are listed in.
  position integer NOT NULL UNIQUE,
  general text NOT NULL CHECK (general IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER')),
  orthodontic_initial text NOT NULL CHECK (orthodontic_initial IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER')),
  orthodontic_installment text NOT NULL CHECK (orthodontic_installment IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER')),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE setting_defaults (
  key text PRIMARY KEY,
  rule text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('PERCENT', 'CENTS', 'MONTHS', 'DAYS', 'BUSINESS_DAYS', 'YEARS', 'COUNT')),
  value integer NOT NULL,
  minimum integer NOT NULL,
  maximum integer NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (value BETWEEN minimum AND maximum)
);

-- Append-only: one row per change of an item, with the item (as the API shows it) before and after.
CREATE TABLE settings_history (
  id bigserial PRIMARY KEY,
  catalog text NOT NULL CHECK (catalog IN ('procedures', 'reasons', 'documents', 'defaults')),
  item_key text NOT NULL,
  version integer NOT NULL,
  changed_by integer REFERENCES users(id),
  changed_at timestamptz NOT NULL DEFAULT now(),
  before jsonb,
  after jsonb NOT NULL
);
CREATE INDEX settings_history_item_idx ON settings_history (catalog, item_key, id);
CREATE INDEX settings_history_changed_at_idx ON settings_history (changed_at);

INSERT INTO procedure_codes (code, category, requires_tooth, descriptions) VALUES
  ('D0120', 'DIAGNOSTIC', false, '{"es":"Evaluación oral periódica","en":"Periodic oral evaluation","fr":"Examen bucco-dentaire périodique","zh":"定期口腔检查","ja":"定期口腔診査"}'::jsonb),
  ('D0150', 'DIAGNOSTIC', false, '{"es":"Evaluación oral completa","en":"Comprehensive oral evaluation","fr":"Examen bucco-dentaire complet","zh":"全面口腔检查","ja":"包括的口腔診査"}'::jsonb),
  ('D0210', 'DIAGNOSTIC', false, '{"es":"Serie radiográfica completa","en":"Full-mouth series of radiographs","fr":"Bilan radiographique complet","zh":"全口系列X光片","ja":"全顎エックス線写真"}'::jsonb),
  ('D0274', 'DIAGNOSTIC', false, '{"es":"Aletas de mordida, cuatro placas","en":"Bitewings, four radiographic images","fr":"Radiographies rétro-coronaires, quatre clichés","zh":"咬翼片，四张","ja":"咬翼法エックス線写真（4枚）"}'::jsonb),
  ('D0330', 'DIAGNOSTIC', false, '{"es":"Radiografía panorámica","en":"Panoramic radiographic image","fr":"Radiographie panoramique","zh":"全景X光片","ja":"パノラマエックス線写真"}'::jsonb),
  ('D1110', 'PREVENTIVE', false, '{"es":"Profilaxis, adulto","en":"Prophylaxis, adult","fr":"Prophylaxie, adulte","zh":"洁治，成人","ja":"歯面清掃（成人）"}'::jsonb),
  ('D1120', 'PREVENTIVE', false, '{"es":"Profilaxis, niño","en":"Prophylaxis, child","fr":"Prophylaxie, enfant","zh":"洁治，儿童","ja":"歯面清掃（小児）"}'::jsonb),
  ('D1206', 'PREVENTIVE', false, '{"es":"Barniz de flúor","en":"Topical fluoride varnish","fr":"Vernis fluoré","zh":"氟化物涂漆","ja":"フッ化物バーニッシュ"}'::jsonb),
  ('D1208', 'PREVENTIVE', false, '{"es":"Aplicación tópica de flúor","en":"Topical application of fluoride","fr":"Application topique de fluor","zh":"局部涂氟","ja":"フッ化物歯面塗布"}'::jsonb),
  ('D1351', 'PREVENTIVE', false, '{"es":"Sellante, por pieza","en":"Sealant, per tooth","fr":"Scellement de sillons, par dent","zh":"窝沟封闭，每颗牙","ja":"シーラント（1歯あたり）"}'::jsonb),
  ('D2140', 'BASIC', true, '{"es":"Amalgama, una superficie","en":"Amalgam, one surface","fr":"Amalgame, une face","zh":"银汞合金充填，单面","ja":"アマルガム充填（1面）"}'::jsonb),
  ('D2330', 'BASIC', true, '{"es":"Resina, una superficie, anterior","en":"Resin-based composite, one surface, anterior","fr":"Composite, une face, antérieure","zh":"树脂充填，单面，前牙","ja":"コンポジットレジン充填（1面・前歯）"}'::jsonb),
  ('D2391', 'BASIC', true, '{"es":"Resina, una superficie, posterior","en":"Resin-based composite, one surface, posterior","fr":"Composite, une face, postérieure","zh":"树脂充填，单面，后牙","ja":"コンポジットレジン充填（1面・臼歯）"}'::jsonb),
  ('D2740', 'MAJOR', true, '{"es":"Corona de porcelana/cerámica","en":"Crown, porcelain/ceramic","fr":"Couronne céramique","zh":"烤瓷/全瓷冠","ja":"セラミッククラウン"}'::jsonb),
  ('D3310', 'BASIC', true, '{"es":"Endodoncia, pieza anterior","en":"Endodontic therapy, anterior tooth","fr":"Traitement endodontique, dent antérieure","zh":"根管治疗，前牙","ja":"根管治療（前歯）"}'::jsonb),
  ('D3330', 'BASIC', true, '{"es":"Endodoncia, molar","en":"Endodontic therapy, molar","fr":"Traitement endodontique, molaire","zh":"根管治疗，磨牙","ja":"根管治療（大臼歯）"}'::jsonb),
  ('D4341', 'BASIC', false, '{"es":"Raspado y alisado radicular, 4 o más piezas por cuadrante","en":"Periodontal scaling and root planing, four or more teeth per quadrant","fr":"Détartrage et surfaçage radiculaire, quatre dents ou plus par quadrant","zh":"龈下刮治及根面平整，每象限4颗及以上","ja":"スケーリング・ルートプレーニング（1/4顎4歯以上）"}'::jsonb),
  ('D5110', 'MAJOR', false, '{"es":"Prótesis completa superior","en":"Complete denture, maxillary","fr":"Prothèse complète maxillaire","zh":"上颌全口义齿","ja":"上顎総義歯"}'::jsonb),
  ('D6010', 'MAJOR', true, '{"es":"Implante endóseo, colocación quirúrgica","en":"Surgical placement of implant body, endosteal","fr":"Pose chirurgicale d’un implant endo-osseux","zh":"骨内种植体外科植入","ja":"骨内インプラント体の外科的埋入"}'::jsonb),
  ('D7140', 'BASIC', true, '{"es":"Extracción de pieza erupcionada o raíz expuesta","en":"Extraction, erupted tooth or exposed root","fr":"Extraction d’une dent ou d’une racine apparente","zh":"拔除萌出牙或暴露牙根","ja":"萌出歯または露出歯根の抜歯"}'::jsonb),
  ('D8070', 'ORTHODONTIC', false, '{"es":"Ortodoncia integral, dentición de transición","en":"Comprehensive orthodontic treatment, transitional dentition","fr":"Traitement orthodontique complet, denture mixte","zh":"综合正畸治疗，替牙期","ja":"包括的矯正治療（混合歯列期）"}'::jsonb),
  ('D8080', 'ORTHODONTIC', false, '{"es":"Ortodoncia integral, dentición adolescente","en":"Comprehensive orthodontic treatment, adolescent dentition","fr":"Traitement orthodontique complet, denture adolescente","zh":"综合正畸治疗，青少年恒牙期","ja":"包括的矯正治療（思春期）"}'::jsonb),
  ('D8090', 'ORTHODONTIC', false, '{"es":"Ortodoncia integral, dentición adulta","en":"Comprehensive orthodontic treatment, adult dentition","fr":"Traitement orthodontique complet, denture adulte","zh":"综合正畸治疗，成人","ja":"包括的矯正治療（成人）"}'::jsonb);

INSERT INTO reason_codes (code, texts) VALUES
  ('01', '{"es":"Procedimiento no cubierto o inválido","en":"Procedure not covered or invalid","fr":"Acte non couvert ou invalide","zh":"项目不在承保范围内或无效","ja":"対象外または無効な処置"}'::jsonb),
  ('03', '{"es":"Sin plan o cobertura para el procedimiento","en":"No plan or coverage for the procedure","fr":"Aucun plan ni couverture pour cet acte","zh":"该项目无适用方案或保障","ja":"この処置に適用されるプランまたは補償がありません"}'::jsonb),
  ('04', '{"es":"Limitación por edad o categoría","en":"Age or category limitation","fr":"Limite d’âge ou de catégorie","zh":"年龄或类别限制","ja":"年齢またはカテゴリーによる制限"}'::jsonb),
  ('05', '{"es":"Frecuencia excedida","en":"Frequency limit exceeded","fr":"Fréquence dépassée","zh":"超出频次限制","ja":"頻度の上限を超えています"}'::jsonb),
  ('06', '{"es":"Duplicado","en":"Duplicate","fr":"Doublon","zh":"重复","ja":"重複"}'::jsonb),
  ('07', '{"es":"Paciente o póliza no vigente","en":"Patient or policy not in force","fr":"Patient ou police non en vigueur","zh":"患者或保单未生效","ja":"患者または保険契約が有効ではありません"}'::jsonb),
  ('09', '{"es":"Fechas inválidas","en":"Invalid dates","fr":"Dates invalides","zh":"日期无效","ja":"日付が無効です"}'::jsonb),
  ('16', '{"es":"La cantidad excede el límite del período","en":"Quantity exceeds the limit for the period","fr":"La quantité dépasse la limite de la période","zh":"数量超过该期间的上限","ja":"数量が期間の上限を超えています"}'::jsonb),
  ('17', '{"es":"Período de carencia no cumplido","en":"Waiting period not met","fr":"Délai de carence non écoulé","zh":"等待期未满","ja":"待機期間を満たしていません"}'::jsonb),
  ('30', '{"es":"Máximo anual agotado","en":"Annual maximum exhausted","fr":"Plafond annuel épuisé","zh":"年度最高限额已用尽","ja":"年間上限額を使い切っています"}'::jsonb),
  ('31', '{"es":"Tope vitalicio de ortodoncia agotado","en":"Orthodontic lifetime maximum exhausted","fr":"Plafond viager d’orthodontie épuisé","zh":"正畸终身限额已用尽","ja":"矯正の生涯上限額を使い切っています"}'::jsonb),
  ('32', '{"es":"Documentación incompleta (no subsanada)","en":"Incomplete documentation (not cured)","fr":"Documentation incomplète (non régularisée)","zh":"资料不全（未补正）","ja":"書類不備（未補正）"}'::jsonb),
  ('33', '{"es":"Presentado fuera de plazo","en":"Filed after the deadline","fr":"Déposé hors délai","zh":"超过申报期限","ja":"提出期限を過ぎています"}'::jsonb),
  ('34', '{"es":"Requiere preautorización","en":"Prior authorization required","fr":"Accord préalable requis","zh":"需要事先授权","ja":"事前承認が必要です"}'::jsonb),
  ('35', '{"es":"Exclusión de la póliza (estético, etc.)","en":"Excluded by the policy (cosmetic, etc.)","fr":"Exclu par la police (esthétique, etc.)","zh":"保单除外项目（美容类等）","ja":"保険契約の除外対象（審美目的など）"}'::jsonb),
  ('36', '{"es":"Prestador no habilitado","en":"Provider not authorized","fr":"Prestataire non habilité","zh":"服务提供者未获授权","ja":"認可されていない提供者"}'::jsonb),
  ('37', '{"es":"Factura inválida","en":"Invalid invoice","fr":"Facture invalide","zh":"发票无效","ja":"請求書が無効です"}'::jsonb);

INSERT INTO required_documents (document_type, position, general, orthodontic_initial, orthodontic_installment) VALUES
  ('INVOICE', 1, 'ALWAYS', 'ALWAYS', 'ALWAYS'),
  ('CLAIM_FORM', 2, 'ALWAYS', 'ALWAYS', 'NEVER'),
  ('DENTAL_REPORT', 3, 'BASIC_OR_MAJOR', 'NEVER', 'NEVER'),
  ('TREATMENT_PLAN', 4, 'NEVER', 'ALWAYS', 'NEVER'),
  ('XRAY_INITIAL', 5, 'NEVER', 'NEVER', 'NEVER'),
  ('XRAY_FINAL', 6, 'NEVER', 'NEVER', 'NEVER'),
  ('PRESCRIPTION', 7, 'NEVER', 'NEVER', 'NEVER'),
  ('PAYMENT_RECEIPT', 8, 'NEVER', 'NEVER', 'NEVER'),
  ('OTHER_INSURER_EOB', 9, 'OTHER_INSURER', 'OTHER_INSURER', 'OTHER_INSURER'),
  ('PRIOR_AUTHORIZATION', 10, 'NEVER', 'NEVER', 'NEVER'),
  ('IDENTIFICATION', 11, 'NEVER', 'NEVER', 'NEVER'),
  ('OTHER', 12, 'NEVER', 'NEVER', 'NEVER');

INSERT INTO setting_defaults (key, rule, unit, value, minimum, maximum) VALUES
  ('coveragePercent.DIAGNOSTIC', 'R1', 'PERCENT', 100, 0, 100),
  ('coveragePercent.PREVENTIVE', 'R1', 'PERCENT', 100, 0, 100),
  ('coveragePercent.BASIC', 'R1', 'PERCENT', 80, 0, 100),
  ('coveragePercent.MAJOR', 'R1', 'PERCENT', 50, 0, 100),
  ('coveragePercent.ORTHODONTIC', 'R7', 'PERCENT', 50, 0, 100),
  ('deductible.individualCents', 'R2', 'CENTS', 5000, 0, 10000000),
  ('deductible.familyCents', 'R2', 'CENTS', 15000, 0, 10000000),
  ('annualMaximumCents', 'R3', 'CENTS', 150000, 0, 100000000),
  ('waitingPeriods.months.DIAGNOSTIC', 'R5', 'MONTHS', 0, 0, 120),
  ('waitingPeriods.months.PREVENTIVE', 'R5', 'MONTHS', 0, 0, 120),
  ('waitingPeriods.months.BASIC', 'R5', 'MONTHS', 6, 0, 120),
  ('waitingPeriods.months.MAJOR', 'R5', 'MONTHS', 12, 0, 120),
  ('waitingPeriods.months.ORTHODONTIC', 'R5', 'MONTHS', 12, 0, 120),
  ('waitingPeriods.waiverPriorCoverageMonths', 'R5', 'MONTHS', 12, 0, 120),
  ('orthodontic.lifetimeMaximumCents', 'R7', 'CENTS', 150000, 0, 100000000),
  ('orthodontic.ageLimit', 'R7', 'YEARS', 19, 1, 150),
  ('orthodontic.initialPercent', 'R7', 'PERCENT', 20, 0, 100),
  ('orthodontic.months', 'R7', 'MONTHS', 24, 1, 36),
  ('orthodontic.firstDelayDays', 'R7', 'DAYS', 30, 0, 365),
  ('insurer.verificationValidityDays', 'R8', 'DAYS', 30, 1, 365),
  ('insurer.claimDeadlineDays', 'R9', 'DAYS', 90, 1, 365),
  ('insurer.cureDays', 'R10', 'DAYS', 10, 1, 90),
  ('insurer.slaBusinessDays', 'R11', 'BUSINESS_DAYS', 10, 1, 90),
  ('policy.maxBeneficiaries', 'R17', 'COUNT', 8, 1, 50);
