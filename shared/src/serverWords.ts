// What the database and the functions say to people, in the page's language. SQL raises its
// refusals in English with a hint, and functions answer a code and English words: API callers read
// those as they are, and a screen (through errors.ts) finds them here by their English, which is
// each id's English in shared's catalog ({0}, {1}… where the server fills in a value), and shows the
// same sentence from the catalog in the page's language with the server's values.
// shared/test/server-words.test.ts reads every `raise exception`, hint and function refusal from
// supabase/ and fails when one of them has no id here (or is not in the list of API-only words).
import english from './locales/en.json';
import { isEnglish } from './formatLocale.ts';
import { i18n } from './i18n/index.ts';

/** The ids of the server's words; the catalog's English of each is the server's sentence. */
export const SERVER_WORDS = [
  /*i18n*/ 'shared.server.storeAddressMust3',
  /*i18n*/ 'shared.server.storeAddressMayContain',
  /*i18n*/ 'shared.server.storeAddressReserved',
  /*i18n*/ 'shared.server.sizeChartMalformedEach',
  /*i18n*/ 'shared.server.yardageMalformedEachEntry',
  /*i18n*/ 'shared.server.useLowercaseLettersDigits',
  /*i18n*/ 'shared.server.exampleBlueThimbleStudio',
  /*i18n*/ 'shared.server.chooseAnotherAddressExample',
  /*i18n*/ 'shared.server.searchTextTooLong',
  /*i18n*/ 'shared.server.signAddFreePatterns',
  /*i18n*/ 'shared.server.patternNotFound',
  /*i18n*/ 'shared.server.patternNotFree',
  /*i18n*/ 'shared.server.signDownloadPatterns',
  /*i18n*/ 'shared.server.unknownFormat',
  /*i18n*/ 'shared.server.haveNotPurchasedPattern',
  /*i18n*/ 'shared.server.patternHasNoFile',
  /*i18n*/ 'shared.server.downloadLimitReachedDownloads',
  /*i18n*/ 'shared.server.storeNotFound',
  /*i18n*/ 'shared.server.buyPatternPage',
  /*i18n*/ 'shared.server.useA4UsLetter',
  /*i18n*/ 'shared.server.buySignAccountBought',
  /*i18n*/ 'shared.server.chooseAnotherFormatAsk',
  /*i18n*/ 'shared.server.tryAgainHourPurchase',
  /*i18n*/ 'shared.server.patternNeedsBeforeCan',
  /*i18n*/ 'shared.server.signUploadPatternFiles',
  /*i18n*/ 'shared.server.fileWasReplacedMeanwhile',
  /*i18n*/ 'shared.server.uploadedFileWasNot',
  /*i18n*/ 'shared.server.patternFilesMustPdf',
  /*i18n*/ 'shared.server.uploadedFileIncompleteBytes',
  /*i18n*/ 'shared.server.patternFilesCanMost',
  /*i18n*/ 'shared.server.describeWhatChangedVersion',
  /*i18n*/ 'shared.server.signManagePatterns',
  /*i18n*/ 'shared.server.unknownStatus',
  /*i18n*/ 'shared.server.most500PatternsTime',
  /*i18n*/ 'shared.server.completeChecklistEditPage',
  /*i18n*/ 'shared.server.reloadPageUploadAgain',
  /*i18n*/ 'shared.server.exportPatternPdfUpload',
  /*i18n*/ 'shared.server.resumeUpload',
  /*i18n*/ 'shared.server.buyersGetNoteEmail',
  /*i18n*/ 'shared.server.useDraftPublishedArchived',
  /*i18n*/ 'shared.server.onlyPatternsStoreCan',
  /*i18n*/ 'shared.server.saveDraftThenComplete',
  /*i18n*/ 'shared.server.discountCodeMust3',
  /*i18n*/ 'shared.server.signRefundOrder',
  /*i18n*/ 'shared.server.orderNotFound',
  /*i18n*/ 'shared.server.onlyStoreSoldEvery',
  /*i18n*/ 'shared.server.onlyPaidOrderCan',
  /*i18n*/ 'shared.server.lineNotOrderWas',
  /*i18n*/ 'shared.server.exampleSpring25',
  /*i18n*/ 'shared.server.signCreateRecoveryCodes',
  /*i18n*/ 'shared.server.recoveryCodesNeedAuthenticator',
  /*i18n*/ 'shared.server.signPasswordFirst',
  /*i18n*/ 'shared.server.sessionHasEndedSign',
  /*i18n*/ 'shared.server.accountHasNoAuthenticator',
  /*i18n*/ 'shared.server.tooManyWrongRecovery',
  /*i18n*/ 'shared.server.storeAddressTaken',
  /*i18n*/ 'shared.server.verifyCodeAuthenticatorApp',
  /*i18n*/ 'shared.server.anotherStoreUsedBefore',
  /*i18n*/ 'shared.server.vatTaxNumberDoes',
  /*i18n*/ 'shared.server.resaleCertificateMustOne',
  /*i18n*/ 'shared.server.onlyOperatorsReviewWholesale',
  /*i18n*/ 'shared.server.decisionApproveReject',
  /*i18n*/ 'shared.server.sayWhyApplicationRejected',
  /*i18n*/ 'shared.server.applicationNotWaitingReview',
  /*i18n*/ 'shared.server.anotherStoreHasHad',
  /*i18n*/ 'shared.server.checkNumberRegistrationVat',
  /*i18n*/ 'shared.server.applicantReadsReasonCan',
  /*i18n*/ 'shared.server.noSuchAccount',
  /*i18n*/ 'shared.server.cannotReviewOwnApplication',
  /*i18n*/ 'shared.server.onlyOperatorsReviewPartner',
  /*i18n*/ 'shared.server.commissionRateWindowOut',
  /*i18n*/ 'shared.server.anotherOperatorDecides',
  /*i18n*/ 'shared.server.kitTitleNeeds3',
  /*i18n*/ 'shared.server.kitDescriptionCanMost',
  /*i18n*/ 'shared.server.kitPriceMustMore',
  /*i18n*/ 'shared.server.kitPricesCanEur',
  /*i18n*/ 'shared.server.shopLinkMustFull',
  /*i18n*/ 'shared.server.kitsCanOnlyListed',
  /*i18n*/ 'shared.server.kitNoLongerAvailable',
  /*i18n*/ 'shared.server.nameWhatBundleLinen',
  /*i18n*/ 'shared.server.pricesAreMinorUnits',
  /*i18n*/ 'shared.server.exampleHttpsYourshopExample',
  /*i18n*/ 'shared.server.pickPatternCatalog',
  /*i18n*/ 'shared.server.supplierMayHaveArchived',
  /*i18n*/ 'shared.server.reportNeedsStartEnd',
  /*i18n*/ 'shared.server.endDateBeforeStart',
  /*i18n*/ 'shared.server.reportCoversMostTen',
  /*i18n*/ 'shared.server.platformTotalsAreOperators',
  /*i18n*/ 'shared.server.noReferenceRateCurrency',
  /*i18n*/ 'shared.server.unknownCurrency',
  /*i18n*/ 'shared.server.useEurGbpUsd',
  /*i18n*/ 'shared.server.enterCodeAuthenticatorApp',
  /*i18n*/ 'shared.server.accountHasAuthenticatorApp',
  /*i18n*/ 'shared.server.codeAlreadyRedeemedReserved',
  /*i18n*/ 'shared.server.stitchhouseDoesNotSell',
  /*i18n*/ 'shared.server.codeNotValidPatterns',
  /*i18n*/ 'shared.server.codeHasExpired',
  /*i18n*/ 'shared.server.codeHasBeenUsed',
  /*i18n*/ 'shared.server.raiseLimitDeactivateCode',
  /*i18n*/ 'shared.server.shopWholesaleApplicationMust',
  /*i18n*/ 'shared.server.chooseOneOwnStores',
  /*i18n*/ 'shared.server.versionPatternDoesNot',
  /*i18n*/ 'shared.server.buyersPatternWereAlready',
  /*i18n*/ 'shared.server.versionTheirLibraryNow',
  /*i18n*/ 'shared.server.fileHasNotBeen',
  /*i18n*/ 'shared.server.uploadedFileDoesNot',
  /*i18n*/ 'shared.server.uploadPdfThroughUpload',
  /*i18n*/ 'shared.server.uploadFileAgain',
  /*i18n*/ 'shared.server.signSeeInvoices',
  /*i18n*/ 'shared.server.thereNoInvoiceOrder',
  /*i18n*/ 'shared.server.orderHasNoInvoice',
  /*i18n*/ 'shared.server.orderHasNoCredit',
  /*i18n*/ 'shared.server.invoicesAreIssuedBuyer',
  /*i18n*/ 'shared.server.signAccountMessageDesigner',
  /*i18n*/ 'shared.server.writeMessageFirst',
  /*i18n*/ 'shared.server.messageCanMostCharacters',
  /*i18n*/ 'shared.server.haveSentTooMany',
  /*i18n*/ 'shared.server.conversationNotFound',
  /*i18n*/ 'shared.server.sayWhichPatternStore',
  /*i18n*/ 'shared.server.ownStoreCannotMessage',
  /*i18n*/ 'shared.server.haveStartedTooMany',
  /*i18n*/ 'shared.server.messageNotFound',
  /*i18n*/ 'shared.server.guestsCanBuyWithout',
  /*i18n*/ 'shared.server.messageNeedsLeastOne',
  /*i18n*/ 'shared.server.shortenSendTwoMessages',
  /*i18n*/ 'shared.server.most10MessagesMinute',
  /*i18n*/ 'shared.server.mayHaveBeenRemoved',
  /*i18n*/ 'shared.server.mayNoLongerSold',
  /*i18n*/ 'shared.server.checkStoresAddress',
  /*i18n*/ 'shared.server.buyersQuestionsAboutPatterns',
  /*i18n*/ 'shared.server.most20NewConversations',
  /*i18n*/ 'shared.server.yarnWeightGaugeYarn',
  /*i18n*/ 'shared.server.unknownYarnWeight',
  /*i18n*/ 'shared.server.mmNotStandardNeedle',
  /*i18n*/ 'shared.server.gaugeStitchesPer10',
  /*i18n*/ 'shared.server.gaugeRowsNeedStitches',
  /*i18n*/ 'shared.server.yarnAmountMNot',
  /*i18n*/ 'shared.server.unknownYarnWeightQuoted',
  /*i18n*/ 'shared.server.unknownNeedleHookSize',
  /*i18n*/ 'shared.server.gaugeOutRange',
  /*i18n*/ 'shared.server.yarnAmountMOut',
  /*i18n*/ 'shared.server.clearThemSetCraft',
  /*i18n*/ 'shared.server.useCraftYarnCouncil',
  /*i18n*/ 'shared.server.useOneMm',
  /*i18n*/ 'shared.server.giveStitchesOver10',
  /*i18n*/ 'shared.server.giveStitchesRowsOver',
  /*i18n*/ 'shared.server.giveMetresSmallestLargest',
  /*i18n*/ 'shared.server.giveMetresYarnHave',
  /*i18n*/ 'shared.server.masterWasReplacedMeanwhile',
  /*i18n*/ 'shared.server.uploadedMasterWasNot',
  /*i18n*/ 'shared.server.uploadedMasterIncompleteBytes',
  /*i18n*/ 'shared.server.masterReplaced',
  /*i18n*/ 'shared.server.fileHasNotBeenMade',
  /*i18n*/ 'shared.server.formatFileReplaced',
  /*i18n*/ 'shared.server.makeEveryFormatBefore',
  /*i18n*/ 'shared.server.buyersGetNoteEmailCorrected',
  /*i18n*/ 'shared.server.makeFormatsAgain',
  /*i18n*/ 'shared.server.unknownLanguage',
  /*i18n*/ 'shared.server.useEnDeFr',
  /*i18n*/ 'shared.server.unknownLanguageTranslation',
  /*i18n*/ 'shared.server.translatedTitleNeeds1',
  /*i18n*/ 'shared.server.translatedDescriptionHoldsMost',
  /*i18n*/ 'shared.server.patternWrittenAlreadyOwn',
  /*i18n*/ 'shared.server.useEnDeFrEs',
  /*i18n*/ 'shared.server.giveTitleLanguage',
  /*i18n*/ 'shared.server.shortenOriginalDescription',
  /*i18n*/ 'shared.server.editPatternItselfTranslate',
  /*i18n*/ 'shared.server.somethingWentWrongOur',
  /*i18n*/ 'shared.server.paymentsAreUnavailableRight',
  /*i18n*/ 'shared.server.paymentProviderRefusedRequest',
  /*i18n*/ 'shared.server.somethingWentWrongOurSide',
  /*i18n*/ 'shared.server.signOperatorReviewApplications',
  /*i18n*/ 'shared.server.reviewCouldNotSaved',
  /*i18n*/ 'shared.server.storeHasNoPro',
  /*i18n*/ 'shared.server.proAlreadyBilled',
  /*i18n*/ 'shared.server.proCancelledEndPeriod',
  /*i18n*/ 'shared.server.cardWasDeclinedNothing',
  /*i18n*/ 'shared.server.signManagePlan',
  /*i18n*/ 'shared.server.paymentsAreNotSet',
  /*i18n*/ 'shared.server.onlyStoresOwnerCan',
  /*i18n*/ 'shared.server.storeHasNoSubscription',
  /*i18n*/ 'shared.server.storeAlreadyHasPro',
  /*i18n*/ 'shared.server.cartEmptyAddPattern',
  /*i18n*/ 'shared.server.quantityMustWholeNumber',
  /*i18n*/ 'shared.server.digitalPatternBoughtOnce',
  /*i18n*/ 'shared.server.mostPrintLicencesPer',
  /*i18n*/ 'shared.server.samePatternCartTwice',
  /*i18n*/ 'shared.server.cannotBuyPatternOwn',
  /*i18n*/ 'shared.server.patternCartNoLonger',
  /*i18n*/ 'shared.server.patternsCartAreNo',
  /*i18n*/ 'shared.server.printLicencesAreApproved',
  /*i18n*/ 'shared.server.patternCartHasNo',
  /*i18n*/ 'shared.server.printLicencesComeLeast',
  /*i18n*/ 'shared.server.freePatternsAreAdded',
  /*i18n*/ 'shared.server.cartMixesCurrenciesCheck',
  /*i18n*/ 'shared.server.alreadyOwnPatternCart',
  /*i18n*/ 'shared.server.priceChangedSinceAdded',
  /*i18n*/ 'shared.server.codeAppliesPatternNot',
  /*i18n*/ 'shared.server.codeButCart',
  /*i18n*/ 'shared.server.notStitchhousePartnerCode',
  /*i18n*/ 'shared.server.ownPartnerCodeOwn',
  /*i18n*/ 'shared.server.thereNoSuchOrder',
  /*i18n*/ 'shared.server.signCheckOut',
  /*i18n*/ 'shared.server.enterEmailAddressReceipt',
  /*i18n*/ 'shared.server.paymentsAreNotSetUp',
  /*i18n*/ 'shared.server.signDeleteAccount',
  /*i18n*/ 'shared.server.tooManyTriesWait',
  /*i18n*/ 'shared.server.notCurrentPassword',
  /*i18n*/ 'shared.server.enter6DigitCode',
  /*i18n*/ 'shared.server.tooManyWrongCodes',
  /*i18n*/ 'shared.server.codeNotRightEnter',
  /*i18n*/ 'shared.server.accountCouldNotDeleted',
  /*i18n*/ 'shared.server.signMessageDesigner',
  /*i18n*/ 'shared.server.patternHasNo36',
  /*i18n*/ 'shared.server.patternHasNoDark',
  /*i18n*/ 'shared.server.patternFileMissingStorage',
  /*i18n*/ 'shared.server.exportNotOneYours',
  /*i18n*/ 'shared.server.exportTooOldMail',
  /*i18n*/ 'shared.server.exportWasNotUploaded',
  /*i18n*/ 'shared.server.signExportAccount',
  /*i18n*/ 'shared.server.exportCouldNotPrepared',
  /*i18n*/ 'shared.server.signDownloadInvoice',
  /*i18n*/ 'shared.server.linkNotValidNewer',
  /*i18n*/ 'shared.server.linkNotValidPart',
  /*i18n*/ 'shared.server.weCouldNotSend',
  /*i18n*/ 'shared.server.confirmationLinkHasExpired',
  /*i18n*/ 'shared.server.checkInboxWeSent',
  /*i18n*/ 'shared.server.patternNotFoundStore',
  /*i18n*/ 'shared.server.masterWasNotFound',
  /*i18n*/ 'shared.server.noneMastersLayersNamed',
  /*i18n*/ 'shared.server.masterWasReplacedMeanwhileReload',
  /*i18n*/ 'shared.server.signMakePatternsFormats',
  /*i18n*/ 'shared.server.signNotifyBuyers',
  /*i18n*/ 'shared.server.signSetUpPayouts',
  /*i18n*/ 'shared.server.signShopsOwnerUpload',
  /*i18n*/ 'shared.server.uploadCouldNotChecked',
  /*i18n*/ 'shared.server.onlyShopsOwnerCan',
  /*i18n*/ 'shared.server.importStoppedBeforeEnd',
  /*i18n*/ 'shared.server.orderWasNotPaid',
  /*i18n*/ 'shared.server.signExportReport',
  /*i18n*/ 'shared.server.thereNoReportCalled',
  /*i18n*/ 'shared.server.patternHasNoFileFormat',
  /*i18n*/ 'shared.server.patternFileCouldNot',
  /*i18n*/ 'shared.server.downloadLinkHasExpired',
  /*i18n*/ 'shared.server.downloadLimitReachedPattern',
  /*i18n*/ 'shared.server.downloadRequestNotValid',
  /*i18n*/ 'shared.server.downloadCouldNotPrepared',
  /*i18n*/ 'shared.server.endDateBeforeStartDate',
  /*i18n*/ 'shared.server.noFileUploadedYet',
] as const;

type Part = string | [string, ...unknown[]];
interface Pattern {
  id: string;
  match: RegExp;
  /** The placeholder each capture fills, in order. */
  names: string[];
  /** How much of the sentence is fixed words: the more, the surer the match. */
  weight: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let patterns: Pattern[] | undefined;

/** Each id's English as a pattern: its words exactly, a value wherever the server fills one in, the final stop optional. */
function compiled(): Pattern[] {
  const messages = english.messages as Record<string, Part[] | string>;
  patterns ??= SERVER_WORDS.map((id) => {
    const message = messages[id];
    const parts = typeof message === 'string' ? [message] : (message ?? []);
    const names: string[] = [];
    let source = '';
    let weight = 0;
    for (const part of parts) {
      if (typeof part === 'string') {
        source += escape(part);
        weight += part.length;
      } else {
        names.push(String(part[0]));
        source += '(.+?)';
      }
    }
    return { id, match: new RegExp(`^${source.replace(/\\\.$/, '')}\\.?$`, 's'), names, weight };
  }).sort((a, b) => b.weight - a.weight);
  return patterns;
}

/** The id and values of one of the server's sentences, or undefined for words it does not know. */
export function matchServerWords(text: string): { id: string; values: Record<string, string> } | undefined {
  const trimmed = text.trim();
  for (const { id, match, names } of compiled()) {
    const found = match.exec(trimmed);
    if (found) return { id, values: Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])) };
  }
  return undefined;
}

function sayOne(text: string): string | undefined {
  const known = matchServerWords(text);
  return known && i18n._(known.id, known.values);
}

/**
 * The server's English `text` in the page's language: one sentence of the database or a function,
 * or two joined by the function ("message. hint", zod's "a; b"). Undefined on an English page
 * (the server's words are shown as they are) and for words it does not know.
 */
export function serverWords(text: string | undefined): string | undefined {
  if (!text || !i18n.locale || isEnglish(i18n.locale)) return undefined;
  const whole = sayOne(text);
  if (whole) return whole;
  for (const joint of ['. ', '; ']) {
    for (let at = text.indexOf(joint); at > 0; at = text.indexOf(joint, at + 1)) {
      const first = sayOne(text.slice(0, at));
      const rest = first && serverWords(text.slice(at + joint.length));
      if (first && rest) return joint === '; ' ? `${first}; ${rest}` : i18n._('shared.error.withHint', { message: first.replace(/\.$/, ''), hint: rest });
    }
  }
  return undefined;
}
