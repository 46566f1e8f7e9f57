import dayjs from 'dayjs';

/** Local date and time as en-GB users read it: dd/mm/yyyy HH:mm. */
export const formatPermitDate = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');
