/** Bulk add permits from a CSV file: operations spec sections 2, 3, 4, 5 and 8. */
export const permitBulk = {
  title: 'Bulk add permits',
  intro:
    'Upload a CSV file with one permit per row and the columns Site, Vehicle Registration, Driver Name, Temporary (Yes or No), Start Date and End Date. End Date may be left empty for permanent permits. Dates may be written as dd/mm/yyyy or yyyy-mm-dd.',
  template: 'Download a template',
  templateFileName: 'permits-template.csv',
  fileLabel: 'CSV file',
  dropHint: 'Drag a CSV file here, or choose one',
  chooseFile: 'Choose a CSV file',
  selected: 'Selected: {{name}}',
  foundPermits: 'Found permits',
  reading: 'Reading the file…',
  checking: 'Checking the rows: {{done}} of {{total}} done…',
  checkingLabel: 'Progress of the check',
  dataName: 'found permits',
  summary: '{{valid}} of {{total}} rows are valid.',
  onlyAttention: 'Show only rows that need attention',
  attention_one: '1 row needs attention: fix it with Edit, or change the file and choose it again.',
  attention_other:
    '{{count}} rows need attention: fix them with Edit, or change the file and choose it again.',
  /** Correcting one row of the preview where it stands (issue 24). */
  edit: {
    button: 'Edit row {{line}}',
    title: 'Edit row {{line}}',
    intro: 'Correct the row as it would read in the file. It is checked again when you save it.',
    temporary: 'Temporary',
    temporaryPlaceholder: 'Yes or No',
    yes: 'Yes',
    no: 'No',
    dateHint: 'dd/mm/yyyy or yyyy-mm-dd',
    endHint: 'Temporary permits only: dd/mm/yyyy or yyyy-mm-dd',
    save: 'Check and save',
    cancel: 'Cancel',
    valid: 'Row {{line}} was checked again and is valid.',
    warned: 'Row {{line}} was checked again and is valid, with a warning about its registration.',
    invalid: 'Row {{line}} was checked again and still needs attention: {{reasons}}',
  },
  /** Asked once, when rows that carry plate warnings are uploaded. */
  confirm: {
    title: 'Upload rows with warnings?',
    body_one: 'Row {{lines}} still carries a warning about its registration.',
    body_other: 'Rows {{lines}} still carry warnings about their registrations.',
    question: 'Upload them with the registrations as they stand?',
    upload: 'Upload anyway',
    back: 'Go back',
  },
  columns: {
    line: 'Row',
    site: 'Site',
    vehicleRegistration: 'Vehicle registration',
    driverName: 'Driver name',
    type: 'Type',
    started: 'Start date',
    ended: 'End date',
    status: 'Status',
    plateCheck: 'Plate check',
    edit: 'Edit',
  },
  /** Similar plates found by the plate check, per row. */
  plateCheck: {
    use: 'Use {{suggestion}} on row {{line}}',
    keep: 'Keep {{registration}} on row {{line}}',
    undecided_one:
      'Row {{lines}} has a registration like one seen at its site: use the suggestion or keep it as typed.',
    undecided_other:
      'Rows {{lines}} have registrations like ones seen at their sites: use the suggestion or keep each as typed.',
    checkFailed: 'The registrations could not be checked against the cameras; the upload checks them again.',
  },
  types: {
    temporary: 'Temporary',
    permanent: 'Permanent',
  },
  status: {
    valid: 'Valid',
    invalid: 'Invalid',
  },
  messages: {
    invalidFile: 'The selected file is not a CSV file. Please select a file whose name ends in .csv.',
    refused: 'The permits cannot be added as the file stands.',
    rowsInvalid:
      'The file contains rows with validation errors. Fix the highlighted rows and reselect the file, or correct them here with Edit.',
    unreadable: 'The file could not be read. Please select a CSV file containing the specified columns.',
    missingColumns: 'Missing columns: {{columns}}.',
    noRows: 'The file contains no permits.',
    tooManyRows: 'The file contains more than {{max}} permits. Please split it into smaller files.',
    allowanceExceeded:
      'Your permit allowance has been exceeded. Please contact your client liaison representative on {{phone}} or at {{email}} to change it.',
    failed: 'The permits could not be added. Please try again later.',
  },
  cancel: 'Cancel',
  upload: 'Upload',
  added: 'The file has been uploaded and {{count}} permits have been added.',
  addedOne: 'The file has been uploaded and 1 permit has been added.',
  addMore: 'Add more permits',
  backToPermits: 'Back to permits',
} as const;
