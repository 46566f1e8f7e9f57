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
  onlyErrors: 'Show only rows with errors',
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
      'The file contains rows with validation errors. Fix the highlighted rows and reselect the file.',
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
