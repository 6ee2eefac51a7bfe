/**
 * French, Simplified Chinese and Japanese texts of the statecharts' state labels and guard descriptions,
 * for the diagrams panel. The Spanish and English texts live in the machines (`meta.label`, guard rules)
 * and reach the panel through the exported descriptions (docs/diagrams/*.json); these are translated
 * from them. Keys are exactly the descriptions' `name`, `states[].id` and guard `name`.
 *
 * tests/statecharts/translations.test.ts fails when a state or named guard of a description has no
 * entry here, or when an entry here no longer matches a state or guard.
 */

/** The exported statecharts (registry names, file stems under docs/diagrams). */
export type StatechartName = 'app' | 'preferences' | 'verification' | 'reimbursement' | 'orthodontic-plan' | 'orthodontic-installment';

/** The panel's languages whose texts are not in the machine descriptions. */
export type TranslatedLocale = 'fr' | 'zh' | 'ja';

export type StatechartText = Record<TranslatedLocale, string>;

export interface StatechartTexts {
  /** By state id (`machine.parent.child`); the root state has no label. */
  states: Record<string, StatechartText>;
  /** By guard name. */
  guards: Record<string, StatechartText>;
}

const reasonGiven: StatechartText = { fr: 'Indiquez le motif.', zh: '请说明原因。', ja: '理由を入力してください。' };
const lifetimeExhausted: StatechartText = {
  fr: 'Le plafond viager d’orthodontie est épuisé.',
  zh: '正畸终身限额已用尽。',
  ja: '矯正の生涯上限額を使い切っています。',
};

export const STATECHART_TEXTS: Record<StatechartName, StatechartTexts> = {
  app: {
    states: {
      'app.booting': { fr: 'Démarrage', zh: '正在启动', ja: '起動中' },
      'app.anonymous': { fr: 'Déconnecté', zh: '未登录', ja: '未ログイン' },
      'app.anonymous.idle': { fr: 'En attente', zh: '等待中', ja: '待機中' },
      'app.anonymous.signingIn': { fr: 'Connexion en cours', zh: '正在登录', ja: 'ログイン中' },
      'app.anonymous.registering': { fr: 'Création du compte', zh: '正在注册账户', ja: 'アカウント登録中' },
      'app.anonymous.requestingReset': { fr: 'Demande du lien de réinitialisation', zh: '正在请求重置链接', ja: '再設定リンクを要求中' },
      'app.authenticated': { fr: 'Connecté', zh: '已登录', ja: 'ログイン済み' },
      'app.authenticated.active': { fr: 'Active', zh: '活动中', ja: 'アクティブ' },
      'app.authenticated.sessionExpired': { fr: 'Session expirée', zh: '会话已过期', ja: 'セッション期限切れ' },
      'app.authenticated.sessionExpired.idle': { fr: 'En attente des identifiants', zh: '等待输入凭据', ja: '認証情報の入力待ち' },
      'app.authenticated.sessionExpired.signingIn': { fr: 'Reconnexion en cours', zh: '正在重新登录', ja: '再ログイン中' },
      'app.loggingOut': { fr: 'Déconnexion en cours', zh: '正在退出登录', ja: 'ログアウト中' },
    },
    guards: {
      hasStoredToken: {
        fr: 'Un jeton de session est enregistré dans le navigateur.',
        zh: '浏览器中保存有会话令牌。',
        ja: 'ブラウザーにセッショントークンが保存されています。',
      },
      tokenReturned: {
        fr: 'Le serveur a répondu avec un jeton de session non vide.',
        zh: '服务器返回了非空的会话令牌。',
        ja: 'サーバーが空でないセッショントークンを返しました。',
      },
    },
  },

  preferences: {
    states: {
      'preferences.ready': { fr: 'Prêtes', zh: '就绪', ja: '準備完了' },
    },
    guards: {
      isHexColor: { fr: 'La couleur est une valeur #rrggbb.', zh: '颜色是 #rrggbb 格式的值。', ja: '色は #rrggbb 形式の値です。' },
      isKnownLocale: {
        fr: 'La langue est l’une de es, en, fr, zh, ja.',
        zh: '语言是 es、en、fr、zh、ja 之一。',
        ja: '言語は es、en、fr、zh、ja のいずれかです。',
      },
    },
  },

  verification: {
    states: {
      'verification.pending': { fr: 'En attente', zh: '待处理', ja: '未処理' },
      'verification.inProgress': { fr: 'En cours', zh: '进行中', ja: '処理中' },
      'verification.needsInfo': { fr: 'Informations requises', zh: '需补充信息', ja: '情報が必要' },
      'verification.verified': { fr: 'Vérifiée', zh: '已核验', ja: '確認済み' },
      'verification.notEligible': { fr: 'Non admissible', zh: '不符合资格', ja: '資格なし' },
      'verification.expired': { fr: 'Expirée', zh: '已过期', ja: '期限切れ' },
      'verification.cancelled': { fr: 'Annulée', zh: '已取消', ja: '取り消し済み' },
    },
    guards: {
      actorMayStart: {
        fr: 'Seul l’utilisateur assigné ou un superviseur peut commencer la vérification.',
        zh: '只有被指派的用户或主管才能开始核验。',
        ja: '資格確認を開始できるのは担当者またはスーパーバイザーだけです。',
      },
      annualMaximumAvailable: {
        fr: 'Le maximum annuel disponible est négatif : vérifiez le montant utilisé.',
        zh: '剩余年度最高额为负数：请检查已使用的金额。',
        ja: '年間最高額の残額がマイナスです。使用済みの額を確認してください。',
      },
      assigneeValid: {
        fr: 'Indiquez un utilisateur valide à qui assigner la vérification.',
        zh: '请指定一个有效的用户来负责此核验。',
        ja: '資格確認の割り当て先として有効なユーザーを指定してください。',
      },
      authorizationNumberGiven: {
        fr: 'Une préautorisation nécessite le numéro d’autorisation de l’assureur.',
        zh: '预授权需要保险公司的授权编号。',
        ja: '事前承認には保険会社の承認番号が必要です。',
      },
      channelGiven: {
        fr: 'Indiquez le canal utilisé pour la vérification (portail, téléphone, e-mail, API ou en personne).',
        zh: '请注明核验所用的渠道（门户网站、电话、电子邮件、API 或现场）。',
        ja: '確認に使った経路（ポータル、電話、メール、API、対面）を指定してください。',
      },
      coverageActiveOnServiceDate: {
        fr: 'La couverture n’est pas active à la date de soins prévue.',
        zh: '在计划的服务日期，保障未生效。',
        ja: '予定された診療日に補償が有効ではありません。',
      },
      noReimbursements: {
        fr: 'Une vérification ayant des remboursements associés ne peut pas être annulée.',
        zh: '已关联报销的核验不能取消。',
        ja: '払い戻しが紐づいている資格確認は取り消せません。',
      },
      noteGiven: {
        fr: 'Rédigez une note indiquant les informations manquantes.',
        zh: '请填写备注，说明缺少哪些信息。',
        ja: '不足している情報を記したメモを入力してください。',
      },
      orthoLifetimeAvailable: lifetimeExhausted,
      orthoUnderAgeLimit: {
        fr: 'Le patient a atteint l’âge limite d’orthodontie à la date de soins.',
        zh: '在服务日期，患者已达到正畸年龄上限。',
        ja: '診療日の時点で患者が矯正の年齢上限に達しています。',
      },
      reasonGiven,
      validityElapsed: {
        fr: 'La vérification est encore valide : elle expire après sa date de fin de validité.',
        zh: '核验仍在有效期内：过了有效期截止日期才会过期。',
        ja: '資格確認はまだ有効です。有効期限日を過ぎると期限切れになります。',
      },
    },
  },

  reimbursement: {
    states: {
      'reimbursement.draft': { fr: 'Brouillon', zh: '草稿', ja: '下書き' },
      'reimbursement.submitted': { fr: 'Soumis', zh: '已提交', ja: '提出済み' },
      'reimbursement.inReview': { fr: 'En cours d’examen', zh: '审核中', ja: '審査中' },
      'reimbursement.needsDocuments': { fr: 'Documents requis', zh: '需补充文件', ja: '書類が必要' },
      'reimbursement.approved': { fr: 'Approuvé', zh: '已批准', ja: '承認済み' },
      'reimbursement.partiallyApproved': { fr: 'Partiellement approuvé', zh: '部分批准', ja: '一部承認' },
      'reimbursement.rejected': { fr: 'Rejeté', zh: '已拒绝', ja: '却下' },
      'reimbursement.paid': { fr: 'Payé', zh: '已支付', ja: '支払済み' },
      'reimbursement.cancelled': { fr: 'Annulé', zh: '已取消', ja: '取り消し済み' },
    },
    guards: {
      allLinesRejected: {
        fr: 'Les lignes ne sont pas toutes rejetées.',
        zh: '并非所有明细行都被拒绝。',
        ja: 'すべての明細行が却下されているわけではありません。',
      },
      approverIsNotCreator: {
        fr: 'La personne qui a créé le remboursement ne peut pas l’approuver (séparation des tâches).',
        zh: '报销的创建人不能批准该报销（职责分离）。',
        ja: '払い戻しを作成した人はそれを承認できません（職務分掌）。',
      },
      coverageActiveOnServiceDates: {
        fr: 'La couverture n’est pas active à toutes les dates de soins.',
        zh: '并非在所有服务日期保障都有效。',
        ja: 'すべての診療日に補償が有効なわけではありません。',
      },
      curePeriodElapsed: {
        fr: 'Le délai pour fournir les documents n’est pas encore écoulé.',
        zh: '补交文件的期限尚未结束。',
        ja: '書類を提出する補正期間はまだ終わっていません。',
      },
      documentsComplete: {
        fr: 'Des documents obligatoires manquent.',
        zh: '缺少必需的文件。',
        ja: '必須の書類が不足しています。',
      },
      documentsListed: {
        fr: 'Indiquez les documents demandés.',
        zh: '请列出所要求的文件。',
        ja: '求める書類を指定してください。',
      },
      hasLines: {
        fr: 'Le remboursement doit comporter au moins une ligne.',
        zh: '报销至少需要一个明细行。',
        ja: '払い戻しには明細行が 1 行以上必要です。',
      },
      noDuplicateLines: {
        fr: 'Certaines lignes font doublon avec un autre remboursement (même patient, code, dent et date).',
        zh: '部分明细行与另一笔报销重复（同一患者、代码、牙位和日期）。',
        ja: '別の払い戻しと重複する明細行があります（患者、コード、歯、日付が同じ）。',
      },
      noRejectedLines: {
        fr: 'Certaines lignes sont rejetées : l’approbation est partielle.',
        zh: '部分明细行被拒绝：此为部分批准。',
        ja: '却下された明細行があります。承認は一部承認になります。',
      },
      notAlreadyPaid: {
        fr: 'Le remboursement est déjà payé.',
        zh: '该报销已支付。',
        ja: 'この払い戻しはすでに支払済みです。',
      },
      payablePositive: {
        fr: 'Il n’y a aucun montant à payer.',
        zh: '没有应付金额。',
        ja: '支払う金額がありません。',
      },
      payeeHasBankDetails: {
        fr: 'Le bénéficiaire du paiement n’a pas de coordonnées bancaires.',
        zh: '收款人没有银行账户信息。',
        ja: '支払先の銀行口座情報がありません。',
      },
      paymentReferenceGiven: {
        fr: 'Indiquez la référence du paiement.',
        zh: '请填写付款参考号。',
        ja: '支払いの参照番号を入力してください。',
      },
      reasonGiven,
      someLineApproved: {
        fr: 'Aucune ligne n’a passé les contrôles automatiques.',
        zh: '没有任何明细行通过自动校验。',
        ja: '自動チェックを通過した明細行がありません。',
      },
      someLinesRejected: {
        fr: 'Aucune ligne n’est rejetée : l’approbation est totale.',
        zh: '没有明细行被拒绝：此为全额批准。',
        ja: '却下された明細行はありません。承認は全額承認になります。',
      },
      withinApprovalAuthority: {
        fr: 'Le montant dépasse le seuil d’approbation : il faut un utilisateur autorisé à approuver au-delà de ce seuil.',
        zh: '金额超过审批阈值：需要由有权批准超出该阈值金额的用户处理。',
        ja: '金額が承認の閾値を超えています。閾値を超える承認の権限を持つユーザーが必要です。',
      },
      withinCurePeriod: {
        fr: 'Le délai pour fournir les documents est écoulé.',
        zh: '补交文件的期限已结束。',
        ja: '書類を提出する補正期間が終了しています。',
      },
      withinFilingDeadline: {
        fr: 'Le délai de dépôt est dépassé.',
        zh: '已超过提交期限。',
        ja: '提出期限を過ぎています。',
      },
    },
  },

  'orthodontic-plan': {
    states: {
      'orthodonticPlan.proposed': { fr: 'Proposé', zh: '已提出', ja: '提案中' },
      'orthodonticPlan.approved': { fr: 'Approuvé', zh: '已批准', ja: '承認済み' },
      'orthodonticPlan.active': { fr: 'Actif', zh: '进行中', ja: '実施中' },
      'orthodonticPlan.suspended': { fr: 'Suspendu', zh: '已暂停', ja: '一時停止中' },
      'orthodonticPlan.exhausted': { fr: 'Épuisé', zh: '额度已用尽', ja: '上限到達' },
      'orthodonticPlan.completed': { fr: 'Terminé', zh: '已完成', ja: '完了' },
      'orthodonticPlan.cancelled': { fr: 'Annulé', zh: '已取消', ja: '取り消し済み' },
    },
    guards: {
      authorizationNumberRecorded: {
        fr: 'La préautorisation n’a pas de numéro d’autorisation.',
        zh: '预授权缺少授权编号。',
        ja: '事前承認に承認番号がありません。',
      },
      bandingDateValid: {
        fr: 'Indiquez une date de pose valide qui ne soit pas dans le futur.',
        zh: '请填写有效且不晚于今天的矫治器粘接日期。',
        ja: '未来ではない有効な装置装着日を入力してください。',
      },
      coverageActive: {
        fr: 'La couverture n’est pas active : le plan ne peut pas reprendre.',
        zh: '保障未生效：该计划无法恢复。',
        ja: '補償が有効ではないため、計画を再開できません。',
      },
      debondDateValid: {
        fr: 'Indiquez une date de dépose valide qui ne soit pas dans le futur.',
        zh: '请填写有效且不晚于今天的矫治器拆除日期。',
        ja: '未来ではない有効な装置撤去日を入力してください。',
      },
      lifetimeMaximumReached: {
        fr: 'Il reste du plafond viager d’orthodontie disponible.',
        zh: '正畸终身限额仍有余额。',
        ja: '矯正の生涯上限額にまだ残りがあります。',
      },
      noOpenInstallments: {
        fr: 'Des échéances du calendrier sont encore ouvertes.',
        zh: '分期计划中仍有未结清的分期。',
        ja: '支払予定にまだ完了していない分割払いがあります。',
      },
      preauthorizationVerified: {
        fr: 'La préautorisation d’orthodontie n’est pas vérifiée.',
        zh: '正畸预授权尚未核验。',
        ja: '矯正の事前承認が確認されていません。',
      },
      reasonGiven,
      underAgeLimitAtBanding: {
        fr: 'Le patient avait atteint l’âge limite d’orthodontie à la date de pose.',
        zh: '在矫治器粘接日期，患者已达到正畸年龄上限。',
        ja: '装置装着日の時点で患者は矯正の年齢上限に達していました。',
      },
      waitingPeriodMet: {
        fr: 'Le délai de carence d’orthodontie n’est pas écoulé.',
        zh: '正畸等待期尚未届满。',
        ja: '矯正の待機期間が終わっていません。',
      },
    },
  },

  'orthodontic-installment': {
    states: {
      'orthodonticInstallment.scheduled': { fr: 'Programmée', zh: '已排期', ja: '予定' },
      'orthodonticInstallment.claimable': { fr: 'À réclamer', zh: '待申请', ja: '請求待ち' },
      'orthodonticInstallment.claimed': { fr: 'Réclamée', zh: '已申请', ja: '請求済み' },
      'orthodonticInstallment.paid': { fr: 'Payée', zh: '已支付', ja: '支払済み' },
      'orthodonticInstallment.rejected': { fr: 'Rejetée', zh: '已拒绝', ja: '却下' },
      'orthodonticInstallment.skipped': { fr: 'Omise', zh: '已跳过', ja: 'スキップ' },
      'orthodonticInstallment.cancelled': { fr: 'Annulée', zh: '已取消', ja: '取り消し済み' },
    },
    guards: {
      coverageActive: { fr: 'La couverture n’est pas active.', zh: '保障未生效。', ja: '補償が有効ではありません。' },
      isDue: {
        fr: 'L’échéance n’est pas encore exigible.',
        zh: '该期分期款尚未到期。',
        ja: 'この分割払いはまだ支払期日を迎えていません。',
      },
      lifetimeRemaining: lifetimeExhausted,
      patientUnderAgeLimit: {
        fr: 'Le patient a atteint l’âge limite d’orthodontie.',
        zh: '患者已达到正畸年龄上限。',
        ja: '患者が矯正の年齢上限に達しています。',
      },
      reasonGiven,
    },
  },
};
