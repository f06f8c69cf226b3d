import { mount } from 'svelte'
import Phone from './Phone.svelte'
import './phone.css'

const target = document.getElementById('phone')
if (!target) throw new Error('The page has no #phone element.')
mount(Phone, { target })
